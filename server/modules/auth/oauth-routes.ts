import { tokenResponse } from '../../../contract/accounts.js';
import { ACCESS_COOKIE } from '../../platform/auth/guard.js';
import { OidcError, OidcProvider, type OidcFlow } from '../../platform/auth/providers/oidc.js';
import type { Deps } from '../../platform/deps.js';
import { HttpError, notFound } from '../../platform/errors.js';
import type { App } from '../../platform/http.js';
import { accountForOidcIdentity } from './external.js';
import { issueToken } from './service.js';
import { API } from '../../../contract/routes.js';

const FLOW_COOKIE = 'hearth.oidc_flow';
const FLOW_SECONDS = 10 * 60;
const tags = ['Users: Authentication'];

/**
 * Mealie's OpenID Connect endpoints: GET /api/auth/oauth sends the browser to the provider; the provider
 * sends it back to {BASE_URL}/login, whose page calls GET /api/auth/oauth/callback with the provider's
 * parameters. State, nonce and the PKCE verifier travel in a signed, HttpOnly, ten-minute cookie.
 */
export default async function oauthRoutes(app: App, deps: Deps) {
  const oidc = deps.config.identity.oidc;
  const provider = oidc ? new OidcProvider(oidc) : null;
  const redirectUri = `${deps.config.baseUrl}/login`;
  const cookieOptions = { httpOnly: true, sameSite: 'lax' as const, path: API.authOauth, secure: deps.config.baseUrl.startsWith('https://') };

  app.get(API.authOauth, { config: { access: 'public' }, schema: { tags } }, async (_request, reply) => {
    if (!provider) throw notFound('auth.openid-connect-is-not-enabled');
    let started: Awaited<ReturnType<OidcProvider['start']>>;
    try {
      started = await provider.start(redirectUri);
    } catch (error) {
      if (error instanceof OidcError) throw new HttpError(502, error.key, error.vars);
      throw error;
    }
    const flowToken = await deps.tokens.sign({ purpose: 'oidc-flow', ...started.flow }, FLOW_SECONDS);
    reply.setCookie(FLOW_COOKIE, flowToken, { ...cookieOptions, maxAge: FLOW_SECONDS });
    return reply.redirect(started.url, 302);
  });

  app.get(API.authOauthCallback, { config: { access: 'public' }, schema: { tags, response: { 200: tokenResponse } } }, async (request, reply) => {
    if (!provider || !oidc) throw notFound('auth.openid-connect-is-not-enabled');
    const claims = await deps.tokens.verify(request.cookies?.[FLOW_COOKIE] ?? '');
    if (!claims || claims.purpose !== 'oidc-flow') throw new HttpError(401, 'auth.sign-in-took-too-long-or-was');
    const flow = claims as unknown as OidcFlow;
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    let identity;
    try {
      identity = await provider.finish(new URL(`${redirectUri}${query}`), flow, redirectUri);
    } catch (error) {
      if (!(error instanceof OidcError)) throw error;
      request.log.warn({ reason: error.message }, 'OpenID Connect sign-in refused');
      throw new HttpError(401, error.key, error.vars);
    } finally {
      reply.clearCookie(FLOW_COOKIE, cookieOptions);
    }
    const userId = await accountForOidcIdentity(deps, identity);
    const { token, maxAgeSeconds } = await issueToken(deps, userId, oidc.rememberMe);
    reply.setCookie(ACCESS_COOKIE, token, { httpOnly: true, sameSite: 'lax', path: '/', maxAge: maxAgeSeconds, secure: cookieOptions.secure });
    return { access_token: token, token_type: 'bearer' as const };
  });
}
