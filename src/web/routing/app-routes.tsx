import type { ComponentType } from 'react';
import { Route, Switch } from 'wouter';
import { paths } from '@shared/routes';
import { AdminOnly } from '@web/auth/admin-only';
import { LoginRequired } from '@web/auth/login-required';
import { ActivationPage } from '@web/pages/activation-page';
import { AdminMetricsPage } from '@web/pages/admin-metrics-page';
import { AdminReleasesPage } from '@web/pages/admin-releases-page';
import { AuthPage } from '@web/pages/auth-page';
import { ChangeMyMindPage } from '@web/pages/change-my-mind-page';
import { DashboardPage } from '@web/pages/dashboard-page';
import { EmailTestPage } from '@web/pages/email-test-page';
import { HistoryPage } from '@web/pages/history-page';
import { HomePage } from '@web/pages/home-page';
import { MobileAppsPage } from '@web/pages/mobile-apps-page';
import { NotFoundPage } from '@web/pages/not-found-page';
import { PricingPage } from '@web/pages/pricing-page';
import { PrivacyPage } from '@web/pages/privacy-page';
import { ProSignupPage } from '@web/pages/pro-signup-page';
import { ReaderPage } from '@web/pages/reader-page';
import { ReleasesPage } from '@web/pages/releases-page';
import { SettingsPage } from '@web/pages/settings-page';
import { SharePage } from '@web/pages/share-page';
import { SetupAccountPage } from '@web/pages/setup-account-page';
import { SignupPage } from '@web/pages/signup-page';
import { SupportPage } from '@web/pages/support-page';
import { TestCheckoutPage } from '@web/pages/test-checkout-page';
import { UpgradePage } from '@web/pages/upgrade-page';
import { UpgradeTrialPage } from '@web/pages/upgrade-trial-page';
import { VerifyEmailPage } from '@web/pages/verify-email-page';
import { YesNoDrakePage } from '@web/pages/yes-no-drake-page';

const publicPages: [path: string, page: ComponentType][] = [
  [paths.home, HomePage],
  [paths.signup, SignupPage],
  [paths.auth, AuthPage],
  [paths.verifyEmail, VerifyEmailPage],
  [paths.upgrade, UpgradePage],
  [paths.upgradeTrial, UpgradeTrialPage],
  [paths.setupAccount, SetupAccountPage],
  [paths.pricing, PricingPage],
  [paths.proSignup, ProSignupPage],
  [paths.privacy, PrivacyPage],
  [paths.support, SupportPage],
  [paths.releases, ReleasesPage],
  [paths.mobileApps, MobileAppsPage],
  [paths.emailTest, EmailTestPage],
  [paths.changeMyMind, ChangeMyMindPage],
  [paths.yesNoDrake, YesNoDrakePage],
  [paths.testCheckout, TestCheckoutPage],
];

const adminPages: [path: string, page: ComponentType][] = [
  [paths.adminReleases, AdminReleasesPage],
  [paths.adminMetrics, AdminMetricsPage],
];

const loginRequiredPages: [path: string, page: ComponentType][] = [
  [paths.dashboard, DashboardPage],
  [paths.history, HistoryPage],
  [paths.read, ReaderPage],
  [paths.settings, SettingsPage],
  [paths.share, SharePage],
  [paths.activation, ActivationPage],
];

/** SPEC.md section 2's route table. wouter's pattern parser (regexparam) already ignores case: /Dashboard works. */
export function AppRoutes() {
  return (
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
  );
}
