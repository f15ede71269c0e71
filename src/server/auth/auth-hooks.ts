import type { FastifyReply, FastifyRequest } from 'fastify';
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
  /** After a password sign-in, before the answer (a provider account waiting to be connected). */
  afterPasswordSignIn?(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, user: User): Promise<void>;
  /**
   * A token of the verification link that is not an account's own verification: true when this
   * room owns it and has acted on it (an e-mail change's new address).
   */
  confirmVerificationLink?(ctx: AppContext, token: string): Promise<boolean>;
}
