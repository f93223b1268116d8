import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { startFakeOidc, type FakeOidcProvider, type FakeOidcUser } from '../../test/fake-oidc.js';

let provider: FakeOidcProvider;
let ctx: TestContext;

const alice: FakeOidcUser = { sub: 'a-1', email: 'alice@family.test', name: 'Alice Cook', preferred_username: 'alice', groups: ['hearth-users'] };

beforeAll(async () => {
  provider = await startFakeOidc();
  ctx = await createTestContext({
    env: {
      OIDC_AUTH_ENABLED: 'true',
      OIDC_CONFIGURATION_URL: provider.configurationUrl,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_USER_GROUP: 'hearth-users',
      OIDC_ADMIN_GROUP: 'hearth-admins',
      OIDC_PROVIDER_NAME: 'Authentik',
    },
  });
});
afterAll(async () => {
  await ctx?.close();
  await provider?.close();
});

function cookieOf(setCookie: string | string[] | undefined, name: string): string {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const found = all.find((c) => c.startsWith(`${name}=`));
  return found ? found.split(';')[0] : '';
}

/** The browser's part: start at Hearth, sign in at the provider, come back to /login with its parameters. */
async function startAtHearth() {
  const start = await ctx.app.inject({ method: 'GET', url: '/api/auth/oauth' });
  expect(start.statusCode, start.body).toBe(302);
  const authorize = new URL(String(start.headers.location));
  const back = await fetch(authorize, { redirect: 'manual' });
  const landing = new URL(String(back.headers.get('location')));
  return { authorize, landing, flowCookie: cookieOf(start.headers['set-cookie'], 'hearth.oidc_flow') };
}

async function finish(landing: URL, flowCookie: string) {
  return ctx.app.inject({ method: 'GET', url: `/api/auth/oauth/callback${landing.search}`, headers: { cookie: flowCookie } });
}

async function signIn(user: FakeOidcUser) {
  provider.signInAs(user);
  const { landing, flowCookie } = await startAtHearth();
  return finish(landing, flowCookie);
}

async function self(res: { json(): { access_token: string } }) {
  return (await ctx.app.inject({ method: 'GET', url: '/api/users/self', headers: { authorization: `Bearer ${res.json().access_token}` } })).json();
}

describe('OpenID Connect sign-in', () => {
  it('the login page learns the provider from /api/app/about', async () => {
    const about = (await ctx.app.inject({ method: 'GET', url: '/api/app/about' })).json();
    expect(about).toMatchObject({ enableOidc: true, oidcRedirect: false, oidcProviderName: 'Authentik', allowPasswordLogin: true });
    const check = (await ctx.app.inject({ method: 'GET', url: '/api/admin/about/check', headers: ctx.admin })).json();
    expect(check.oidcReady).toBe(true);
  });

  it('sends the browser to the provider with PKCE S256, state, nonce and the /login redirect', async () => {
    provider.signInAs(alice);
    const { authorize, landing } = await startAtHearth();
    expect(authorize.origin).toBe(provider.issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    expect(authorize.searchParams.get('redirect_uri')).toBe('http://hearth.test/login');
    expect(authorize.searchParams.get('scope')).toBe('openid email profile groups');
    expect(landing.pathname).toBe('/login');
  });

  it('creates the user at the first sign-in and reuses it at the second', async () => {
    const first = await signIn(alice);
    expect(first.statusCode, first.body).toBe(200);
    expect(cookieOf(first.headers['set-cookie'], 'mealie.access_token')).toMatch(/^mealie\.access_token=ey/);
    const created = await self(first);
    expect(created).toMatchObject({ username: 'alice', email: 'alice@family.test', fullName: 'Alice Cook', authMethod: 'OIDC', admin: false, groupSlug: 'home' });

    const second = await signIn(alice);
    expect(second.statusCode).toBe(200);
    expect((await self(second)).id).toBe(created.id);
  });

  it('grants and withdraws admin with the admin group at every sign-in', async () => {
    const promoted = await signIn({ ...alice, groups: ['hearth-admins'] });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect((await self(promoted)).admin).toBe(true);
    const demoted = await signIn(alice);
    expect((await self(demoted)).admin).toBe(false);
  });

  it('refuses someone outside the allowed groups with a message', async () => {
    const res = await signIn({ sub: 'm-1', email: 'mallory@else.test', name: 'Mallory', preferred_username: 'mallory', groups: ['other'] });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail.message).toMatch(/not in a group/);
    const users = (await ctx.app.inject({ method: 'GET', url: '/api/admin/users?perPage=-1', headers: ctx.admin })).json().items;
    expect(users.some((u: { username: string }) => u.username === 'mallory')).toBe(false);
  });

  it('refuses a tampered id_token and one signed with a key the provider does not publish', async () => {
    provider.signInAs(alice);
    provider.tamperNextIdToken();
    const tampered = await startAtHearth();
    const res = await finish(tampered.landing, tampered.flowCookie);
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toMatch(/could not be verified/);

    provider.signNextWithForeignKey();
    const foreign = await startAtHearth();
    expect((await finish(foreign.landing, foreign.flowCookie)).statusCode).toBe(401);
  });

  it('enforces PKCE and state: a code redeemed with another flow is refused', async () => {
    provider.signInAs(alice);
    const a = await startAtHearth();
    const b = await startAtHearth();
    // Code of flow A with the state and cookie of flow B: the verifier does not match A's challenge.
    const mixed = new URL(a.landing);
    mixed.searchParams.set('state', String(b.landing.searchParams.get('state')));
    expect((await finish(mixed, b.flowCookie)).statusCode).toBe(401);
    // The state of another flow is refused before any code is redeemed.
    const c = await startAtHearth();
    expect((await finish(c.landing, b.flowCookie)).statusCode).toBe(401);
    // Without the flow cookie nothing is accepted.
    const d = await startAtHearth();
    expect((await finish(d.landing, '')).statusCode).toBe(401);
  });

  it('shows the provider refusing the sign-in as a message, not a 500', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/oauth/callback?error=access_denied&error_description=Denied&state=x', headers: { cookie: (await startAtHearth()).flowCookie } });
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toMatch(/Denied/);
  });

  it('an OpenID user cannot sign in with a password', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      payload: 'username=alice&password=OIDC',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('without OpenID Connect configured', () => {
  it('says so instead of failing', async () => {
    const plain = await createTestContext();
    try {
      const res = await plain.app.inject({ method: 'GET', url: '/api/auth/oauth' });
      expect(res.statusCode).toBe(404);
      expect(res.json().detail.message).toMatch(/not enabled/);
      expect((await plain.app.inject({ method: 'GET', url: '/api/app/about' })).json().enableOidc).toBe(false);
    } finally {
      await plain.close();
    }
  });
});
