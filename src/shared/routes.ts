/**
 * Every page of the web app (SPEC.md section 2). The server and e-mails link to these paths too,
 * so they live here rather than in the web app.
 */
export const paths = {
  home: '/',
  signup: '/signup',
  auth: '/auth',
  verifyEmail: '/verify-email',
  upgrade: '/upgrade',
  upgradeTrial: '/upgrade-trial',
  setupAccount: '/setup-account',
  pricing: '/pricing',
  proSignup: '/pro-signup',
  privacy: '/privacy',
  support: '/support',
  releases: '/releases',
  mobileApps: '/mobile-apps',
  emailTest: '/email-test',
  changeMyMind: '/change-my-mind',
  yesNoDrake: '/yes-no-drake',
  dashboard: '/dashboard',
  history: '/history',
  settings: '/settings',
  activation: '/activation',
  adminReleases: '/admin/releases',
} as const;

/** Server endpoints the web app reaches by plain navigation rather than fetch. */
export const browserEndpoints = {
  logout: '/api/logout',
} as const;

/** The browser extension's store listing, linked from the header, the tour and the support page. */
export const extensionStoreUrl = 'https://chromewebstore.google.com/search/Stash%20links%20newsletter';
