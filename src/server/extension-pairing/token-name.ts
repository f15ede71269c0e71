/** Browsers by a User-Agent mark, most specific first: Edge and Opera also say "Chrome". */
const browsers: [mark: RegExp, name: string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\//, 'Opera'],
  [/\bFirefox\//, 'Firefox'],
  // HeadlessChrome (automation) is Chrome too.
  [/(Chrome|Chromium|CriOS)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

/** Systems, most specific first: Android says "Linux", iPhones say "like Mac OS X". */
const systems: [mark: RegExp, name: string][] = [
  [/\bAndroid\b/, 'Android'],
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/**
 * The name an extension's API token gets in Settings → Security, so a person can tell which
 * browser it belongs to before revoking it: "Chrome extension on Linux".
 */
export function extensionTokenName(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const browser = browsers.find(([mark]) => mark.test(ua))?.[1];
  const system = systems.find(([mark]) => mark.test(ua))?.[1];
  const extension = browser ? `${browser} extension` : 'Browser extension';
  return system ? `${extension} on ${system}` : extension;
}
