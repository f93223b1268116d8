import type { Kysely } from 'kysely';
import type { OrganizerKind } from '../../../contract/organizers.js';
import type { Database } from '../../db/schema.js';
import { emitEvent } from '../../platform/events/emit.js';

const SINGULAR = { categories: 'category', tags: 'tag', tools: 'tool' } as const;

/**
 * Announces a category/tag/tool write inside its transaction (group-wide: householdId null). Call it last in
 * the transaction (on PostgreSQL it serialises event writers until commit).
 */
export async function emitOrganizerEvent(
  trx: Kysely<Database>,
  kind: OrganizerKind,
  action: 'created' | 'updated' | 'deleted',
  actor: { groupId: string; userId?: string },
  row: { id: string; slug: string; name: string },
): Promise<void> {
  const type = `${SINGULAR[kind]}_${action}` as const;
  await emitEvent(trx, { type, groupId: actor.groupId, householdId: null, userId: actor.userId ?? null, data: { id: row.id, slug: row.slug, name: row.name } });
}
