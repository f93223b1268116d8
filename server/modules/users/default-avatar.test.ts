import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSharp } from '../../lazy.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { initialsOf } from './default-avatar.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('default avatars', () => {
  it('takes up to two initials', () => {
    expect(initialsOf('Ada Lovelace King')).toBe('AL');
    expect(initialsOf('élodie')).toBe('É');
    expect(initialsOf('  ')).toBe('?');
  });

  it('every user has a picture: generated once from the initials, stored, then served like an upload', async () => {
    const me = (await ctx.app.inject({ method: 'GET', url: '/api/users/self', headers: ctx.admin })).json();
    const url = `/api/media/users/${me.id}/profile.webp`;
    const first = await ctx.app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/webp');
    const meta = await (await loadSharp())(first.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);
    expect(await ctx.deps.storage.exists(`users/${me.id}/profile.webp`)).toBe(true);
    const again = await ctx.app.inject({ method: 'GET', url });
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);

    const nobody = await ctx.app.inject({ method: 'GET', url: '/api/media/users/00000000-0000-4000-8000-000000000000/profile.webp' });
    expect(nobody.statusCode).toBe(404);
  });
});
