import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../platform/auth/passwords.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { BACKUPS_DIR, HAVE_SHARED_DATA, multipart, snapshot } from './testing.js';

type Json = Record<string, unknown>;

function realBackups(): Array<{ file: string; recipes: number; users: number }> {
  if (!HAVE_SHARED_DATA) return [];
  return fs.readdirSync(BACKUPS_DIR).filter((n) => n.endsWith('.zip')).sort().map((file) => ({ file, recipes: 0, users: 0 }));
}

describe.skipIf(!HAVE_SHARED_DATA)('restoring the real Mealie backups', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => ctx?.close());

  let headers: Record<string, string> | null = null;
  /** After a restore the accounts are the backup's: give one of its admins a known password to sign in. */
  async function adminHeaders() {
    if (headers) return headers;
    const admin = await ctx.deps.db.selectFrom('users').select(['id', 'username']).where('admin', '=', true).orderBy('created_at').executeTakeFirstOrThrow();
    await ctx.deps.db.updateTable('users').set({ password: await hashPassword('Restored-pw-1'), login_attemps: 0, locked_at: null }).where('id', '=', admin.id).execute();
    headers = await ctx.login(admin.username, 'Restored-pw-1');
    return headers;
  }

  for (const backup of realBackups()) {
    it(`restores ${backup.file} with every recipe`, async () => {
      const data = fs.readFileSync(path.join(BACKUPS_DIR, backup.file));
      const upload = multipart([{ field: 'archive', filename: backup.file, data }]);
      const auth = await adminHeaders();
      const up = await ctx.app.inject({ method: 'POST', url: '/api/admin/backups/upload', headers: { ...auth, ...upload.headers }, payload: upload.payload });
      expect(up.statusCode, up.body).toBe(200);
      const res = await ctx.app.inject({ method: 'POST', url: `/api/admin/backups/${backup.file}/restore`, headers: auth });
      expect(res.statusCode, res.body).toBe(200);
      headers = null;
      const body = res.json() as { tables: Record<string, { source: number; loaded: number; dropped: number }>; skippedTables: string[] };
      console.log(backup.file, JSON.stringify(Object.fromEntries(Object.entries(body.tables).filter(([, c]) => c.source || c.loaded).map(([t, c]) => [t, `${c.loaded}/${c.source}`]))), body.skippedTables.join(','));
    });
  }
});
