import { z } from 'zod';
import { tokenResponse } from '../../../contract/accounts.js';
import { ACCESS_COOKIE, currentUser } from '../../platform/auth/guard.js';
import { passwordThrottle } from '../../platform/auth/password-throttle.js';
import { endSession, endUserSessions, refreshSession } from '../../platform/auth/sessions.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest } from '../../platform/errors.js';
import type { App } from '../../platform/http.js';
import oauthRoutes from './oauth-routes.js';
import { login } from './service.js';
import { API } from '../../../contract/routes.js';

const loginForm = z.object({
  username: z.string().max(320).default(''),
  password: z.string().max(256).default(''),
  remember_me: z.union([z.boolean(), z.string()]).optional(),
  // JSON and form bodies arrive camelized (input-guard.ts), multipart ones as sent: accept both spellings.
  rememberMe: z.union([z.boolean(), z.string()]).optional(),
}).transform(({ remember_me, rememberMe, ...rest }) => {
  const v = remember_me ?? rememberMe;
  return { ...rest, remember_me: v === true || (typeof v === 'string' && ['true', '1', 'on', 'yes'].includes(v.toLowerCase())) };
});

type MultipartField = { type?: string; value?: unknown };

export default async function authRoutes(app: App, deps: Deps) {
  await oauthRoutes(app, deps);
  const throttle = passwordThrottle(app, deps.config);
  app.post(API.authToken,
    {
      config: { access: 'public' },
      schema: { tags: ['Users: Authentication'], response: { 200: tokenResponse } },
      // Multipart forms arrive as field objects; flatten them so one schema serves both encodings.
      preValidation: async (request) => {
        if (request.isMultipart() && request.body && typeof request.body === 'object') {
          const flat: Record<string, unknown> = {};
          for (const [key, field] of Object.entries(request.body as Record<string, MultipartField>)) {
            if (field && field.type === 'field') flat[key] = field.value;
          }
          request.body = flat;
        }
        request.body = loginForm.parse(request.body ?? {});
      },
    },
    async (request, reply) => {
      const body = request.body as z.infer<typeof loginForm>;
      const attempt = await throttle.begin(request);
      const { token, maxAgeSeconds } = await login(deps, body.username, body.password, body.remember_me, request.log, attempt);
      reply.setCookie(ACCESS_COOKIE, token, {
        httpOnly: true,
        sameSite: 'lax',
        path: '/',
        maxAge: maxAgeSeconds,
        // Secure whenever the public address is https (issue 40 item 7), whatever PRODUCTION says.
        secure: deps.config.baseUrl.startsWith('https://'),
      });
      return { access_token: token, token_type: 'bearer' as const };
    },
  );

  app.get(API.authRefresh, { config: { access: 'user' }, schema: { tags: ['Users: Authentication'], response: { 200: tokenResponse } } }, async (request) => {
    const user = currentUser(request);
    // An API token has no session to refresh; it is long-lived already.
    if (!user.sessionId) throw badRequest('auth.only-a-sign-in-token-can-be');
    const token = await refreshSession(deps, user.id, user.sessionId, deps.config.tokenTimeHours);
    return { access_token: token, token_type: 'bearer' as const };
  });

  // Logout ends the session of the token it was called with: that token stops working at once.
  app.post(API.authLogout, { config: { access: 'public' }, schema: { tags: ['Users: Authentication'] } }, async (request, reply) => {
    if (request.user?.sessionId) await endSession(deps.db, request.user.sessionId);
    reply.clearCookie(ACCESS_COOKIE, { path: '/' });
    return { message: 'Logged out' };
  });

  // "Sign out everywhere": every session of the caller ends, this one included (API tokens are kept).
  app.post(API.authLogoutEverywhere, { config: { access: 'user' }, schema: { tags: ['Users: Authentication'] } }, async (request, reply) => {
    await endUserSessions(deps.db, currentUser(request).id);
    reply.clearCookie(ACCESS_COOKIE, { path: '/' });
    return { message: 'Logged out everywhere' };
  });
}
