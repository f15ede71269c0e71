import { lazy, Suspense, useState, type ComponentType } from 'react';
import { Route, Switch } from 'wouter';
import { paths } from '@shared/routes';
import { AdminOnly } from '@web/auth/admin-only';
import { LoginRequired } from '@web/auth/login-required';
import { NotFoundPage } from '@web/pages/not-found-page';

/**
 * Each page is a script of its own, loaded when first opened, so that the Stashboard's first load
 * carries no other page (the landing page included: its visitors get the island pages,
 * docs/web-app.md). A page whose script is already here renders at once instead of suspending (see
 * loadPublicPage).
 */
function lazyPage<Module, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Name,
): ComponentType & { preload: () => Promise<void> } {
  let loaded: ComponentType | undefined;
  const preload = () => load().then((module) => void (loaded = module[name] as ComponentType));
  const Lazy = lazy(() => preload().then(() => ({ default: loaded! })));
  // biome-ignore lint/correctness/noComponentHookFactories: one component per lazily loaded page, made once at module load
  function Page(props: object) {
    // Chosen once per mount: switching from Lazy to the loaded page later would remount it.
    const [Component] = useState(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  return Object.assign(Page, { preload });
}

/** The pages anyone may open. */
const publicPages: [path: string, page: ReturnType<typeof lazyPage>][] = [
  [paths.home, lazyPage(() => import('@web/pages/home-page'), 'HomePage')],
  [paths.signup, lazyPage(() => import('@web/pages/signup-page'), 'SignupPage')],
  [paths.auth, lazyPage(() => import('@web/pages/auth-page'), 'AuthPage')],
  [paths.verifyEmail, lazyPage(() => import('@web/pages/verify-email-page'), 'VerifyEmailPage')],
  [paths.undoEmailChange, lazyPage(() => import('@web/pages/undo-email-change-page'), 'UndoEmailChangePage')],
  [paths.upgrade, lazyPage(() => import('@web/pages/upgrade-page'), 'UpgradePage')],
  [paths.upgradeTrial, lazyPage(() => import('@web/pages/upgrade-trial-page'), 'UpgradeTrialPage')],
  [paths.setupAccount, lazyPage(() => import('@web/pages/setup-account-page'), 'SetupAccountPage')],
  [paths.pricing, lazyPage(() => import('@web/pages/pricing-page'), 'PricingPage')],
  [paths.proSignup, lazyPage(() => import('@web/pages/pro-signup-page'), 'ProSignupPage')],
  [paths.privacy, lazyPage(() => import('@web/pages/privacy-page'), 'PrivacyPage')],
  [paths.support, lazyPage(() => import('@web/pages/support-page'), 'SupportPage')],
  [paths.releases, lazyPage(() => import('@web/pages/releases-page'), 'ReleasesPage')],
  [paths.mobileApps, lazyPage(() => import('@web/pages/mobile-apps-page'), 'MobileAppsPage')],
  [paths.changeMyMind, lazyPage(() => import('@web/pages/change-my-mind-page'), 'ChangeMyMindPage')],
  [paths.yesNoDrake, lazyPage(() => import('@web/pages/yes-no-drake-page'), 'YesNoDrakePage')],
  [paths.testCheckout, lazyPage(() => import('@web/pages/test-checkout-page'), 'TestCheckoutPage')],
  // Opens without a session from a digest's "Read in Stash"; otherwise it asks to sign in itself.
  [paths.read, lazyPage(() => import('@web/pages/reader-page'), 'ReaderPage')],
];

/**
 * Loads the script of the public page at `path`, so that a prerendered page hydrates in one pass: a page that suspended would be hydrated
 * later, maybe after data arrived (the signed-in user), and no longer match its HTML.
 */
export async function loadPublicPage(path: string): Promise<void> {
  await publicPages.find(([pagePath]) => pagePath === path.toLowerCase())?.[1].preload();
}

const adminPages: [path: string, page: ComponentType][] = [
  [paths.adminReleases, lazyPage(() => import('@web/pages/admin-releases-page'), 'AdminReleasesPage')],
  [paths.adminMetrics, lazyPage(() => import('@web/pages/admin-metrics-page'), 'AdminMetricsPage')],
  [paths.adminTakedowns, lazyPage(() => import('@web/pages/admin-takedowns-page'), 'AdminTakedownsPage')],
];

const loginRequiredPages: [path: string, page: ComponentType][] = [
  [paths.dashboard, lazyPage(() => import('@web/pages/dashboard-page'), 'DashboardPage')],
  [paths.history, lazyPage(() => import('@web/pages/history-page'), 'HistoryPage')],
  [paths.highlights, lazyPage(() => import('@web/pages/highlights-page'), 'HighlightsPage')],
  [paths.settings, lazyPage(() => import('@web/pages/settings-page'), 'SettingsPage')],
  [paths.share, lazyPage(() => import('@web/pages/share-page'), 'SharePage')],
  [paths.activation, lazyPage(() => import('@web/pages/activation-page'), 'ActivationPage')],
  [paths.emailTest, lazyPage(() => import('@web/pages/email-test-page'), 'EmailTestPage')],
];

/** The route table of docs/product/overview.md, Routes. wouter's pattern parser (regexparam) already ignores case: /Dashboard works. */
export function AppRoutes() {
  return (
    <Suspense>
      <Switch>
        {publicPages.map(([path, Page]) => (
          <Route key={path} path={path} component={Page} />
        ))}
        {loginRequiredPages.map(([path, Page]) => (
          <Route key={path} path={path}>
            <LoginRequired>
              <Page />
            </LoginRequired>
          </Route>
        ))}
        {adminPages.map(([path, Page]) => (
          <Route key={path} path={path}>
            <LoginRequired>
              <AdminOnly>
                <Page />
              </AdminOnly>
            </LoginRequired>
          </Route>
        ))}
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
