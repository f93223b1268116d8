import type { Config } from '../../config.js';
import { hashPassword } from '../../platform/auth/passwords.js';
import { createGroup } from '../groups/service.js';
import { insertUser } from './repo.js';
import { sql } from 'kysely';
import type { DbHandle } from '../../db/connect.js';
import { MIGRATION_LOCK } from '../../db/migrate.js';

/**
 * On an empty database: group DEFAULT_GROUP with household DEFAULT_HOUSEHOLD (private, as Mealie) and the
 * default admin. Everything in one transaction, so a crash leaves either nothing or all of it. On PostgreSQL
 * the transaction holds the migration lock and checks again inside it: processes started together seed once.
 */
export async function seedFirstRun(handle: DbHandle, config: Config): Promise<boolean> {
  const anyUser = await handle.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (anyUser) return false;
  const admin = config.defaultAdmin;
  const passwordHash = await hashPassword(admin.password, config.signIn.bcryptCost);
  return handle.db.transaction().execute(async (trx) => {
    if (handle.engine === 'postgres') {
      await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(trx);
      if (await trx.selectFrom('users').select('id').limit(1).executeTakeFirst()) return false;
    }
    let group = await trx.selectFrom('groups').select('id').where('name', '=', config.defaultGroup).executeTakeFirst();
    let householdId: string;
    if (!group) {
      const created = await createGroup(trx, config.defaultGroup, { householdName: config.defaultHousehold });
      group = { id: created.groupId };
      householdId = created.householdId;
    } else {
      const household = await trx.selectFrom('households').select('id').where('group_id', '=', group.id).orderBy('created_at').executeTakeFirstOrThrow();
      householdId = household.id;
    }
    await insertUser(trx, {
      username: admin.username,
      fullName: admin.fullName,
      email: admin.email,
      passwordHash,
      groupId: group.id,
      householdId,
      admin: true,
      cacheKey: '1234',
    });
    return true;
  });
}
