import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOidc, type FakeOidcProvider } from '../server/test/fake-oidc.js';
import { startE2E, type E2EContext } from './harness.js';

let provider: FakeOidcProvider;
let e2e: E2EContext;

/** The provider sends people back to {BASE_URL}/login, so Hearth must know its address before it listens. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  provider = await startFakeOidc();
  const port = await freePort();
  e2e = await startE2E(
    {
      BASE_URL: `http://127.0.0.1:${port}`,
      OIDC_AUTH_ENABLED: 'true',
      OIDC_CONFIGURATION_URL: provider.configurationUrl,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_USER_GROUP: 'family',
      OIDC_PROVIDER_NAME: 'Authentik',
      ALLOW_PASSWORD_LOGIN: 'false',
    },
    { port },
  );
});
afterAll(async () => {
  await e2e?.close();
  await provider?.close();
});

describe('signing in with the household\'s identity provider', () => {
  for (const [label, size] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    it(`${label}: the login page offers only the provider; its button signs in and lands on the group home`, async () => {
      provider.signInAs({ sub: `s-${label}`, email: `${label}@family.test`, name: `Cook ${label}`, preferred_username: `cook-${label}`, groups: ['family'] });
      const { page } = await e2e.newPage(size);
      await page.goto('/login');
      const button = page.getByRole('link', { name: 'Login with Authentik' });
      await button.waitFor();
      expect(await page.getByLabel(/^password/i).count()).toBe(0);
      const box = await button.boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
      await button.click();
      await page.waitForURL(/\/g\/home$/);
      await page.getByRole('heading', { name: 'Recipes' }).waitFor();
      await page.goto('/user/profile');
      await page.getByTestId('profile-auth-method').filter({ hasText: 'OIDC' }).waitFor();
    });
  }

  it('someone the provider knows but who is not in the family group sees why on the login page', async () => {
    provider.signInAs({ sub: 'x-1', email: 'stranger@else.test', name: 'Stranger', preferred_username: 'stranger', groups: ['neighbours'] });
    const { page } = await e2e.newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Login with Authentik' }).click();
    await page.getByTestId('oidc-error').filter({ hasText: 'not in a group allowed to use Hearth' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });
});
