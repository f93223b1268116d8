import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestContext, type TestContext } from '../../test/harness.js';
import { hashCost, hashPassword, passwordWork, verifyPassword } from '../../platform/auth/passwords.js';

/*
 * Hashes written before the native bcrypt: by bcryptjs 3 (Hearth until issue 36, cost 10, "$2b$") and in
 * Mealie's form (cost 12; older libraries wrote "$2a$", which computes the same). Made once with bcryptjs and
 * kept here as text, since bcryptjs is no longer a dependency.
 */
const OLD_HASHES = [
  { password: 'Hearth-old-pw-1', hash: '$2b$10$rdiP9vJqhUD3hrx24D978OqQoZghEF0aVbqo/t6OZ3kXRTGO0VWYi', cost: 10 },
  { password: 'Hearth-old-pw-2', hash: '$2a$10$l0a01tODzxRYVjcNRSyXsuv8QfocSvSsl9WhY3AdhXeH4rhEPI13O', cost: 10 },
  { password: 'Mealie-pw-12', hash: '$2b$12$VG3ngh06j/Ged8UecjQt.OS.47R3.xVbAV1NO7/Nfv3QoeHOaj2Ca', cost: 12 },
  { password: 'Mealie-pw-12a', hash: '$2a$12$nSu31cQygLZBOUmeeQ.fwuqhEuMMr5t9yWt4Qfl2kZltT7Pe9GLFK', cost: 12 },
];

// A configured cost unlike both the default (10) and Mealie's (12), so a re-hash can only have taken it from here.
const COST = 8;
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { HEARTH_BCRYPT_COST: String(COST) } });
});
afterAll(async () => ctx?.close());

const form = { 'content-type': 'application/x-www-form-urlencoded' };
const signIn = (username: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/token', headers: form, payload: new URLSearchParams({ username, password }).toString() });
const storedHash = async (id: string) => (await ctx.deps.db.selectFrom('users').select('password').where('id', '=', id).executeTakeFirstOrThrow()).password;

describe('password hashes', () => {
  it('verifies the hashes bcryptjs and Mealie wrote, and refuses a wrong password against each', async () => {
    for (const { password, hash, cost } of OLD_HASHES) {
      expect(hashCost(hash), hash).toBe(cost);
      expect(await verifyPassword(password, hash, COST), hash).toBe(true);
      expect(await verifyPassword(`${password}x`, hash, COST), hash).toBe(false);
    }
  });

  it('writes new hashes at the configured cost', async () => {
    const hash = await hashPassword('New-pw-1', COST);
    expect(hash).toMatch(/^\$2b\$08\$/);
    expect(await verifyPassword('New-pw-1', hash, COST)).toBe(true);
    const { user } = await createMember(ctx);
    expect(hashCost(await storedHash(user.id))).toBe(COST);
  });

  it('signs in a user restored with a cost-12 hash and stores a hash of the configured cost in the same request', async () => {
    for (const [i, { password, hash }] of OLD_HASHES.entries()) {
      const { user } = await createMember(ctx, { username: `restored${i}` });
      await ctx.deps.db.updateTable('users').set({ password: hash }).where('id', '=', user.id).execute();

      // A wrong password changes nothing.
      expect((await signIn(user.username, 'not-it')).statusCode).toBe(401);
      expect(await storedHash(user.id)).toBe(hash);

      expect((await signIn(user.username, password)).statusCode).toBe(200);
      const fresh = await storedHash(user.id);
      expect(fresh).not.toBe(hash);
      expect(hashCost(fresh)).toBe(COST);
      expect(await verifyPassword(password, fresh, COST)).toBe(true);
      // The next sign-in uses the new hash, and leaves it as it is.
      expect((await signIn(user.username, password)).statusCode).toBe(200);
      expect(await storedHash(user.id)).toBe(fresh);
    }
  });

  it('does a real compare at the configured cost for an unknown user, as much work as for a known one', async () => {
    const { user, password } = await createMember(ctx, { username: 'knownuser' });
    const workOf = async (username: string, attempt: string) => {
      const before = passwordWork();
      const res = await signIn(username, attempt);
      return { status: res.statusCode, rounds: passwordWork() - before };
    };
    const known = await workOf(user.username, 'wrong-password');
    const unknown = await workOf('nobody-by-this-name', 'wrong-password');
    const empty = await workOf('', 'wrong-password');
    expect(known).toEqual({ status: 401, rounds: 2 ** COST });
    expect(unknown).toEqual({ status: 401, rounds: 2 ** COST });
    expect(empty).toEqual({ status: 401, rounds: 2 ** COST });
    // A good sign-in of a hash already at the configured cost does the same single compare (no re-hash).
    expect(await workOf(user.username, password)).toEqual({ status: 200, rounds: 2 ** COST });
  });

  it('gives an account of another sign-in method (no local password) the same work and a 401', async () => {
    const { user } = await createMember(ctx, { username: 'oidcperson' });
    await ctx.deps.db.updateTable('users').set({ auth_method: 'OIDC', password: 'OIDC' }).where('id', '=', user.id).execute();
    const before = passwordWork();
    const res = await signIn(user.username, 'OIDC');
    expect(res.statusCode).toBe(401);
    expect(passwordWork() - before).toBe(2 ** COST);
  });

  it('changes a password with the native hash at the configured cost', async () => {
    const { user, headers, password } = await createMember(ctx, { username: 'changer' });
    const res = await ctx.app.inject({ method: 'PUT', url: '/api/users/password', headers, payload: { currentPassword: password, newPassword: 'Changed-pw-22' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(hashCost(await storedHash(user.id))).toBe(COST);
    expect((await signIn(user.username, 'Changed-pw-22')).statusCode).toBe(200);
  });
});
