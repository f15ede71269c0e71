/** The four steps of installing Stash on a phone (docs/product/public-site.md, Mobile apps page: a four-step carousel). */
export interface InstallStep {
  title: string;
  text: string;
  /** A step only Android can do (iOS keeps web apps out of its share sheet): the carousel says so. */
  androidOnly?: boolean;
}

export type Platform = 'android' | 'ios';

export const platforms: { id: Platform; label: string }[] = [
  { id: 'android', label: 'Android' },
  { id: 'ios', label: 'iPhone and iPad' },
];

export function installSteps(platform: Platform, host: string): InstallStep[] {
  if (platform === 'android') {
    return [
      { title: 'Open Stash in Chrome', text: `On your phone, go to ${host} in Chrome and log in.` },
      { title: 'Install the app', text: 'Tap the ⋮ menu at the top right, then Install app (on some phones: Add to Home screen).' },
      { title: 'Confirm', text: 'Tap Install. Stash appears on your home screen and opens in its own window, like any app.' },
      {
        title: 'Share links to Stash',
        text: 'In any app, tap Share and choose Stash. The link opens in Stash ready to go: tap Save Link.',
        androidOnly: true,
      },
    ];
  }
  return [
    { title: 'Open Stash in Safari', text: `On your iPhone or iPad, go to ${host} in Safari and log in.` },
    { title: 'Tap Share', text: 'Tap the Share button, the square with an arrow pointing up, in the toolbar.' },
    { title: 'Add to Home Screen', text: 'Scroll down the list, tap Add to Home Screen, then Add. Stash now opens from your home screen.' },
    {
      title: 'Save pages with the bookmarklet',
      text: 'iOS does not let web apps appear in the share sheet. Instead, add the Save to Stash bookmarklet below to your bookmarks, then tap it on any page in Safari.',
    },
  ];
}

/** The platform whose steps a phone should see first, from its browser's user agent. */
export function platformOf(userAgent: string): Platform {
  return /iPhone|iPad|iPod/.test(userAgent) ? 'ios' : 'android';
}

/** The step after moving by `delta`, going round from the last to the first and back. */
export function wrapStep(index: number, delta: number, count: number): number {
  return (((index + delta) % count) + count) % count;
}
