import { Link } from 'wouter';
import { extensionGuide, paths } from '@shared/routes';
import { Bookmarklet } from '@web/bookmarklet/bookmarklet';
import { SettingsSection } from './settings-section';

/** Settings → Security: the ways to save besides the web app, next to the tokens they use. */
export function SaveFromAnywhereSection() {
  return (
    <SettingsSection
      title="Save from anywhere"
      description={
        <>
          The{' '}
          <Link href={extensionGuide} className="underline">
            browser extension
          </Link>{' '}
          (not in the stores yet: see how to load it) saves in one click and appears in the API tokens above once connected. On a phone,{' '}
          <Link href={paths.mobileApps} className="underline">
            install Stash
          </Link>{' '}
          and share links to it. Anywhere else, use the bookmarklet.
        </>
      }
    >
      <Bookmarklet />
    </SettingsSection>
  );
}
