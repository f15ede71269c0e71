import type { AppContext } from '../context';
import type { CreateTrialAccountBody, RegisterBody } from '../../shared/auth-schemas';
import type { User } from './current-user';
import type { SignUpStep } from './sign-up';

type SignUpBody = RegisterBody | CreateTrialAccountBody;

/**
 * What another room adds to the auth routes (routes.ts), without auth importing that room: each
 * room that takes part exports its hooks, and the app's assembly (app.ts) hands them all to
 * authRoutes. Every hook is optional; hooks run in the order they are given.
 */
export interface AuthHooks {
  /** Work inside the new account's transaction (an invitation code); throwing rolls the account back. */
  signUpSteps?(body: SignUpBody): SignUpStep[];
  /** After the account is made and signed in: what the sign-up answer carries besides the user. */
  afterSignUp?(ctx: AppContext, user: User, body: SignUpBody): Promise<{ stripeUrl?: string }>;
  /**
   * A token of the verification link that is not an account's own verification: true when this
   * room owns it and has acted on it (an e-mail change's new address). `sessionUserId`: the account
   * signed in in the browser that opened the link, if any.
   */
  confirmVerificationLink?(ctx: AppContext, token: string, sessionUserId: string | null): Promise<boolean>;
}
