import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { errorAnswer, HttpError } from '../http/errors';
import {
  authCheckAnswer,
  changePasswordAnswer,
  changePasswordBody,
  createTrialAccountBody,
  currentUser,
  forgotPasswordBody,
  loginBody,
  messageAnswer,
  registerBody,
  resetPasswordAnswer,
  resetPasswordBody,
  resetTokenAnswer,
  resetTokenQuery,
  signUpAnswer,
  verifyEmailQuery,
} from '../../shared/auth-schemas';
import { paths } from '../../shared/routes';
import { accountMessages } from '../../shared/validation-messages';
import { AfterReply } from './after-reply';
import type { AuthHooks } from './auth-hooks';
import { findUserById, toCurrentUser } from './current-user';
import { resendVerification, verifyEmail } from './email-verification';
import { changePassword } from './password-change';
import { admitResetRequest, findResetEmail, resetPassword, sendResetLink } from './password-reset';
import { ensureAllowed, loadAccount, optionalUser, requireUser, signedIn } from './request-user';
import { adoptSession, signOut, startSession } from './session-http';
import { signIn } from './sign-in';
import { admitSignUp, signUp } from './sign-up';

const errors = { 400: errorAnswer, 401: errorAnswer, 403: errorAnswer, 409: errorAnswer, 429: errorAnswer };

/**
 * Sign-up, sign-in, sign-out, e-mail verification and passwords (docs/product/accounts.md). Other
 * rooms take part through their hooks (auth-hooks.ts), in the order given.
 */
export function authRoutes(ctx: AppContext, hooks: AuthHooks[] = []): FastifyPluginAsyncZod {
  return async (app) => {
    const afterReply = new AfterReply(ctx.log);
    app.addHook('onClose', () => afterReply.drain());
    const schema = (summary: string) => ({ tags: ['auth'], summary });

    app.get(
      '/api/auth/user',
      { schema: { ...schema('The signed-in user'), response: { 200: currentUser, 401: errorAnswer } }, onRequest: requireUser(ctx) },
      async (request) => toCurrentUser(await loadAccount(ctx, signedIn(request)), ctx.config),
    );

    app.get(
      '/api/auth/check',
      {
        schema: { ...schema('Who is signed in, if anyone (200 either way)'), response: { 200: authCheckAnswer } },
        onRequest: optionalUser(ctx),
      },
      async (request) => {
        const account = request.auth && (await findUserById(ctx.database.db, request.auth.user.id));
        return account ? { isAuthenticated: true, user: toCurrentUser(account, ctx.config) } : { isAuthenticated: false, user: null };
      },
    );

    app.post(
      '/api/auth/login',
      { schema: { ...schema('Sign in with e-mail and password'), body: loginBody, response: { 200: currentUser, ...errors } } },
      async (request, reply) => {
        const user = await signIn(ctx, request.body.email, request.body.password, request.ip);
        await startSession(ctx, request, reply, user.id);
        return toCurrentUser(user, ctx.config);
      },
    );

    // Two doors to the same sign-up: the /auth register form and the /signup trial form.
    for (const [url, body] of [
      ['/api/auth/register', registerBody],
      ['/api/auth/create-trial-account', createTrialAccountBody],
    ] as const) {
      app.post(
        url,
        { schema: { ...schema('Create an account on a 14-day trial'), body, response: { 201: signUpAnswer, ...errors } } },
        async (request, reply) => {
          await admitSignUp(ctx, request.body.email, request.ip);
          const steps = hooks.flatMap((hook) => hook.signUpSteps?.(request.body) ?? []);
          const { user, session } = await signUp(ctx, request.body, steps);
          await adoptSession(ctx, request, reply, session);
          let stripeUrl: string | undefined;
          for (const hook of hooks) stripeUrl = (await hook.afterSignUp?.(ctx, user, request.body))?.stripeUrl ?? stripeUrl;
          return reply
            .status(201)
            .send({ message: accountMessages.accountCreated, userId: user.id, user: toCurrentUser(user, ctx.config), stripeUrl });
        },
      );
    }

    app.post(
      '/api/auth/forgot-password',
      { schema: { ...schema('E-mail a password reset link'), body: forgotPasswordBody, response: { 200: messageAnswer, ...errors } } },
      async (request) => {
        await admitResetRequest(ctx, request.ip);
        afterReply.run('password reset e-mail', () => sendResetLink(ctx, request.body.email));
        return { message: accountMessages.resetLinkSent };
      },
    );

    app.get(
      '/api/auth/verify-reset-token',
      { schema: { ...schema('Check a reset link'), querystring: resetTokenQuery, response: { 200: resetTokenAnswer, ...errors } } },
      async (request) => ({ email: await findResetEmail(ctx.database.db, request.query.token) }),
    );

    app.post(
      '/api/auth/reset-password',
      {
        schema: {
          ...schema('Choose a new password with a reset link'),
          body: resetPasswordBody,
          response: { 200: resetPasswordAnswer, ...errors },
        },
      },
      async (request) => ({
        message: accountMessages.passwordReset,
        email: await resetPassword(ctx, request.body.token, request.body.password),
      }),
    );

    app.get(
      '/api/auth/verify-email',
      {
        schema: { ...schema('Confirm an e-mail address'), querystring: verifyEmailQuery, response: { 200: messageAnswer, ...errors } },
        onRequest: optionalUser(ctx),
      },
      async (request) => {
        const { token } = request.query;
        const sessionUserId = request.auth?.kind === 'session' ? request.auth.user.id : null;
        let confirmed = await verifyEmail(ctx, token, sessionUserId);
        // The same link confirms what another room owns (a new address after an e-mail change).
        for (const hook of hooks) confirmed ||= (await hook.confirmVerificationLink?.(ctx, token, sessionUserId)) ?? false;
        if (!confirmed) throw new HttpError(400, 'INVALID_TOKEN', accountMessages.invalidVerificationLink);
        return { message: accountMessages.emailVerified };
      },
    );

    app.post(
      '/api/auth/resend-verification',
      {
        schema: { ...schema('E-mail a fresh verification link'), response: { 200: messageAnswer, ...errors } },
        onRequest: requireUser(ctx),
      },
      async (request) => {
        await resendVerification(ctx, signedIn(request).user.id);
        return { message: accountMessages.verificationSent };
      },
    );

    app.post(
      '/api/auth/change-password',
      {
        schema: {
          ...schema(
            'Change the password (not with an API token); other sessions end, API tokens are counted for the app to offer revoking',
          ),
          body: changePasswordBody,
          response: { 200: changePasswordAnswer, ...errors },
        },
        onRequest: requireUser(ctx),
      },
      async (request) => {
        const auth = signedIn(request);
        ensureAllowed(ctx, auth, 'changePassword');
        const { apiTokenCount } = await changePassword(ctx, auth, request.body.currentPassword, request.body.newPassword, request.ip);
        return { message: accountMessages.passwordChanged, apiTokenCount };
      },
    );

    app.get('/api/logout', { schema: { ...schema('Sign out, then go home') }, exposeHeadRoute: false }, async (request, reply) => {
      // A plain link: another site could point a browser here, so a cross-site visit signs nobody out.
      if (request.headers['sec-fetch-site'] !== 'cross-site') await signOut(ctx, request, reply);
      return reply.redirect(paths.home);
    });
  };
}
