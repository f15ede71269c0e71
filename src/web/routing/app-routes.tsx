import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Switch } from 'wouter';
import { paths } from '@shared/routes';
import { AdminOnly } from '@web/auth/admin-only';
import { LoginRequired } from '@web/auth/login-required';
import { HomePage } from '@web/pages/home-page';
import { NotFoundPage } from '@web/pages/not-found-page';

/**
 * Each page is a script of its own, loaded when first opened, so a visitor to the landing page never
 * downloads the signed-in app (the landing page itself comes with the app's first script).
 */
function lazyPage<Module, Name extends keyof Module>(load: () => Promise<Module>, name: Name): ComponentType {
  return lazy(() => load().then((module) => ({ default: module[name] as ComponentType })));
}

const publicPages: [path: string, page: ComponentType][] = [
  [paths.home, HomePage],
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
];

const adminPages: [path: string, page: ComponentType][] = [
  [paths.adminReleases, lazyPage(() => import('@web/pages/admin-releases-page'), 'AdminReleasesPage')],
  [paths.adminMetrics, lazyPage(() => import('@web/pages/admin-metrics-page'), 'AdminMetricsPage')],
];

const loginRequiredPages: [path: string, page: ComponentType][] = [
  [paths.dashboard, lazyPage(() => import('@web/pages/dashboard-page'), 'DashboardPage')],
  [paths.history, lazyPage(() => import('@web/pages/history-page'), 'HistoryPage')],
  [paths.read, lazyPage(() => import('@web/pages/reader-page'), 'ReaderPage')],
  [paths.settings, lazyPage(() => import('@web/pages/settings-page'), 'SettingsPage')],
  [paths.share, lazyPage(() => import('@web/pages/share-page'), 'SharePage')],
  [paths.activation, lazyPage(() => import('@web/pages/activation-page'), 'ActivationPage')],
  [paths.emailTest, lazyPage(() => import('@web/pages/email-test-page'), 'EmailTestPage')],
];

/** SPEC.md section 2's route table. wouter's pattern parser (regexparam) already ignores case: /Dashboard works. */
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
