import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../server/test/harness.js';
import { signIn, startE2E, type E2EContext } from './harness.js';

let e2e: E2EContext;
beforeAll(async () => {
  e2e = await startE2E({ SECURITY_MAX_LOGIN_ATTEMPTS: '2' });
});
afterAll(async () => e2e?.close());

describe('signing in and out', () => {
  it('fresh start: sign in as admin, land on the group home, see the default-password banner, log out to /login?direct=1', async () => {
    const { page } = await e2e.newPage();
    await page.goto('/');
    await page.waitForURL(/\/login/);
    await signIn(page, 'admin', 'MyPassword');
    await page.waitForURL(/\/g\/home$/);
    await page.getByRole('heading', { name: 'Recipes' }).waitFor();
    await page.getByText('You are still using the default admin password').waitFor();
    await page.getByRole('button', { name: /logout/i }).first().click();
    await page.waitForURL(/\/login\?direct=1$/);
  });

  it('a wrong password shows Invalid Credentials', async () => {
    const { page } = await e2e.newPage();
    await signIn(page, 'admin', 'not-the-password');
    await page.getByText('Invalid Credentials').waitFor();
    expect(page.url()).toContain('/login');
  });

  it('a locked account says so', async () => {
    await createMember(e2e.api, { username: 'lockme', password: 'right-password-1' });
    const { page } = await e2e.newPage();
    await signIn(page, 'lockme', 'wrong-one-1');
    await page.getByText('Invalid Credentials').waitFor();
    await page.getByLabel(/^password/i).fill('wrong-one-2');
    await page.getByRole('button', { name: /^login$/i }).click();
    await page.getByLabel(/^password/i).fill('right-password-1');
    await page.getByRole('button', { name: /^login$/i }).click();
    await page.getByText('Account Locked. Please try again later').waitFor();
  });

  it('too many failed sign-ins for one name: the form says how long to wait (429)', async () => {
    // Ten failures (the default per-account limit) from other addresses, then the browser's try is refused.
    for (let i = 0; i < 10; i += 1) {
      const res = await e2e.api.app.inject({
        method: 'POST', url: '/api/auth/token', remoteAddress: `10.9.0.${i + 1}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'username=guessed-name&password=wrong',
      });
      expect(res.statusCode).toBe(401);
    }
    const { page } = await e2e.newPage();
    await signIn(page, 'guessed-name', 'wrong-again');
    await page.getByRole('alert').getByText(/^Too many attempts: try again in \d+ min$/).waitFor();
    expect(page.url()).toContain('/login');
  });

  it('a member opening an admin page lands on / (their group home), with a console warning', async () => {
    await createMember(e2e.api, { username: 'plainmember', password: 'member-password-1' });
    const { page } = await e2e.newPage();
    const warnings: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'warning') warnings.push(msg.text());
    });
    await signIn(page, 'plainmember', 'member-password-1');
    await page.waitForURL(/\/g\/home$/);
    await page.goto('/admin/manage/users');
    await page.waitForURL(/\/g\/home$/);
    expect(warnings.join('\n')).toMatch(/admin/i);
    await expect(page.getByText('You are still using the default admin password').count()).resolves.toBe(0);
  });

  it('an unknown page shows not found with a Home button; /recipe/ paths are rewritten', async () => {
    const { page } = await e2e.newPage();
    await signIn(page, 'admin', 'MyPassword');
    await page.waitForURL(/\/g\/home$/);
    await page.goto('/recipe/some-pasta');
    await page.waitForURL(/\/g\/home\/r\/some-pasta$/);
    await page.getByText(/not found/i).first().waitFor();
    await page.getByRole('link', { name: /home/i }).or(page.getByRole('button', { name: /home/i })).first().click();
    await page.waitForURL(/\/g\/home$/);
  });

  it('changes a password on the profile page: the strength meter, the match rule, then the new password signs in', async () => {
    await createMember(e2e.api, { username: 'pwchanger', password: 'old-password-1' });
    const { page } = await e2e.newPage();
    await signIn(page, 'pwchanger', 'old-password-1');
    await page.waitForURL(/\/g\/home$/);
    await page.goto('/user/profile');
    await page.getByLabel('Current password').fill('old-password-1');
    await page.getByLabel('New password').fill('Brand-new-Pa55!');
    await page.getByLabel('Confirm password').fill('something-else');
    await page.getByRole('button', { name: 'Update password' }).click();
    await page.getByText('password must match').waitFor();
    await page.getByLabel('Confirm password').fill('Brand-new-Pa55!');
    await page.getByRole('button', { name: 'Update password' }).click();
    await page.getByText('Your password has been changed').first().waitFor();
    await expect(e2e.api.login('pwchanger', 'Brand-new-Pa55!')).resolves.toHaveProperty('authorization');
  });

  it('keeps no token where scripts can read it, and "sign out everywhere" ends other sessions too', async () => {
    await createMember(e2e.api, { username: 'everywhere', password: 'every-where-pw1' });
    const elsewhere = await e2e.api.login('everywhere', 'every-where-pw1');
    const { page } = await e2e.newPage({ width: 390, height: 844 });
    await signIn(page, 'everywhere', 'every-where-pw1');
    await page.waitForURL(/\/g\/home$/);
    const stored = await page.evaluate(() => JSON.stringify(Object.values(window.localStorage)));
    expect(stored).not.toMatch(/eyJ/); // no JWT in localStorage
    expect(await page.evaluate(() => document.cookie)).not.toContain('mealie.access_token');
    await page.goto('/user/profile');
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.waitForURL(/\/login/);
    const res = await e2e.api.app.inject({ method: 'GET', url: '/api/users/self', headers: elsewhere });
    expect(res.statusCode).toBe(401);
  });
});
