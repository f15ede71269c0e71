import { useCallback, useState } from 'react';
import { useLocation } from 'wouter';
import { paths } from '@shared/routes';
import { AuthCard } from './auth-card';
import { authModeFrom, searchForMode, type AuthMode } from './auth-mode';
import { CheckYourEmail } from './check-your-email';
import { ForgotPasswordForm } from './forgot-password-form';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';
import { ResetEmailSent } from './reset-email-sent';
import { ResetPasswordStep } from './reset-password-step';
import { usePostLoginRedirect } from './use-post-login-redirect';
import { VerifiedNotice } from './verified-notice';
import { ProviderButtons } from '@web/sign-in-providers/provider-buttons';
import { ConnectPrompt } from '@web/sign-in-providers/connect-prompt';
import { ProviderNotice } from '@web/sign-in-providers/provider-notice';

/** The journey a provider round trip keeps: the Pro offer and an invitation code. */
function providerJourney(params: URLSearchParams) {
  return {
    tier: params.get('tier') ?? undefined,
    bonus: params.get('bonus') ?? undefined,
    invitationCode: params.get('invitationCode') ?? undefined,
  };
}

/** What a finished form leaves on screen until the visitor goes back. */
type Outcome = { kind: 'resetEmailSent' } | { kind: 'checkEmail'; email: string };

/**
 * The four forms of /auth and the cards they end on. The form is named in the URL (?mode=), so a
 * reload keeps it; the address typed so far follows the visitor from one form to the next.
 */
export function AuthFlow({ params }: { params: URLSearchParams }) {
  const [, navigate] = useLocation();
  const goToDestination = usePostLoginRedirect(params);
  const [email, setEmail] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // The first form keeps the page's normal focus; after that each new card takes it.
  const [focusTitle, setFocusTitle] = useState(false);
  const mode = authModeFrom(params);
  const connecting = params.get('connect');
  // Back from a provider that found this address: after the password, ask before connecting it.
  const [askToConnect, setAskToConnect] = useState(false);
  const signedIn = () => {
    if (connecting) setAskToConnect(true);
    else goToDestination();
  };

  const switchTo = useCallback(
    (next: Exclude<AuthMode, 'reset'>, nextEmail?: string) => {
      if (nextEmail !== undefined) setEmail(nextEmail);
      setOutcome(null);
      setFocusTitle(true);
      navigate(`${paths.auth}?${searchForMode(params, next)}`, { replace: true });
    },
    [params, navigate],
  );
  const showOutcome = (next: Outcome) => {
    setOutcome(next);
    setFocusTitle(true);
  };
  const askForNewResetLink = useCallback(() => switchTo('forgot'), [switchTo]);

  if (askToConnect) return <ConnectPrompt onDone={goToDestination} />;
  if (outcome?.kind === 'resetEmailSent') {
    return <ResetEmailSent key="sent" focusTitle onBackToLogin={() => switchTo('login')} />;
  }
  if (outcome?.kind === 'checkEmail') {
    return <CheckYourEmail key="check" email={outcome.email} focusTitle onContinue={goToDestination} />;
  }

  switch (mode) {
    case 'login':
      return (
        <AuthCard key="login" title="Log in to Stash" description="Welcome back. Your stash is waiting." focusTitle={focusTitle}>
          {params.get('verified') === 'true' && <VerifiedNotice />}
          <ProviderNotice params={params} />
          {!connecting && <ProviderButtons keep={providerJourney(params)} />}
          <LoginForm
            defaultEmail={email}
            onSignedIn={signedIn}
            onForgotPassword={(typed) => switchTo('forgot', typed)}
            onRegister={() => switchTo('register')}
          />
        </AuthCard>
      );
    case 'register':
      return (
        <AuthCard
          key="register"
          title="Create your account"
          description="Start your 14-day free trial. No card needed."
          focusTitle={focusTitle}
        >
          <ProviderButtons keep={providerJourney(params)} />
          <RegisterForm
            defaultEmail={email}
            invitationCode={params.get('invitationCode') ?? ''}
            offer={{ tier: params.get('tier') === 'pro' ? 'pro' : undefined, hasBonus: params.get('bonus') === 'true' || undefined }}
            onRegistered={(registered) => showOutcome({ kind: 'checkEmail', email: registered })}
            onAccountExists={(existing) => switchTo('login', existing)}
            onLogin={() => switchTo('login')}
          />
        </AuthCard>
      );
    case 'forgot':
      return (
        <AuthCard
          key="forgot"
          title="Reset your password"
          description="Enter your email and we will send you a link to choose a new password."
          focusTitle={focusTitle}
        >
          <ForgotPasswordForm
            defaultEmail={email}
            onSent={(sentTo) => {
              setEmail(sentTo);
              showOutcome({ kind: 'resetEmailSent' });
            }}
            onBackToLogin={(typed) => switchTo('login', typed)}
          />
        </AuthCard>
      );
    case 'reset':
      return (
        <ResetPasswordStep
          key="reset"
          token={params.get('token') ?? ''}
          focusTitle={focusTitle}
          onReset={(resetEmail) => switchTo('login', resetEmail)}
          onUnusableLink={askForNewResetLink}
        />
      );
  }
}
