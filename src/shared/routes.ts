/**
 * Every page of the web app (docs/product/overview.md, Routes). The server and e-mails link to these paths too,
 * so they live here rather than in the web app.
 */
export const paths = {
  home: '/',
  signup: '/signup',
  auth: '/auth',
  verifyEmail: '/verify-email',
  /** The old address's link after an e-mail change: takes the account back (7 days). */
  undoEmailChange: '/undo-email-change',
  upgrade: '/upgrade',
  upgradeTrial: '/upgrade-trial',
  setupAccount: '/setup-account',
  pricing: '/pricing',
  proSignup: '/pro-signup',
  privacy: '/privacy',
  support: '/support',
  releases: '/releases',
  mobileApps: '/mobile-apps',
  /** The installable app's share target: another app's share sheet opens it with url, title and text. */
  share: '/share',
  emailTest: '/email-test',
  changeMyMind: '/change-my-mind',
  yesNoDrake: '/yes-no-drake',
  dashboard: '/dashboard',
  history: '/history',
  highlights: '/highlights',
  read: '/read/:id',
  settings: '/settings',
  activation: '/activation',
  adminReleases: '/admin/releases',
  adminMetrics: '/admin/metrics',
  adminTakedowns: '/admin/takedowns',
  /** The local test checkout (BILLING=local): stands in for Stripe's payment page. */
  testCheckout: '/checkout/test',
} as const;

/** Server endpoints the web app reaches by plain navigation rather than fetch. */
export const browserEndpoints = {
  logout: '/api/logout',
  /** Where a sign-in started from the browser extension ends, so the extension can pick up the session. */
  extensionAuthSuccess: '/api/extension-auth-success',
} as const;

/**
 * Where the browser extension comes from, linked from the header, the tour and Settings: no store
 * lists it yet, so the support page's section says how to load it (docs/extension.md).
 */
export const extensionGuideId = 'browser-extension';
export const extensionGuide = `${paths.support}#${extensionGuideId}`;
