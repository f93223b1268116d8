import type { Kysely } from 'kysely';
import type { Database } from '../server/db/schema.js';
import { hashPassword } from '../server/platform/auth/passwords.js';
import { createGroup } from '../server/modules/groups/service.js';
import { insertUser } from '../server/modules/users/repo.js';
import { generateRecipes } from './generate.js';

export interface BenchGroup {
  groupId: string;
  username: string;
  password: string;
}

export const GROUP_PASSWORD = 'BenchPassword1!';

/**
 * Groups besides the measured one, for the mixed run: each with its household, a member and `recipesEach`
 * recipes of its own (a seed per group, so their ids differ).
 */
export async function generateGroups(db: Kysely<Database>, options: { count: number; recipesEach: number; ingredientLines: string[]; bcryptCost: number }): Promise<BenchGroup[]> {
  const passwordHash = await hashPassword(GROUP_PASSWORD, options.bcryptCost);
  const groups: BenchGroup[] = [];
  for (let n = 1; n <= options.count; n += 1) {
    const username = `bench-member-${n}`;
    const { groupId, householdId } = await createGroup(db, `Bench group ${n}`, { householdName: 'Family' });
    const userId = await insertUser(db, { username, fullName: `Bench Member ${n}`, email: `${username}@example.com`, passwordHash, groupId, householdId, canOrganize: true });
    await generateRecipes(db, { count: options.recipesEach, seed: 1000 + n, groupId, householdId, userId, ingredientLines: options.ingredientLines });
    groups.push({ groupId, username, password: GROUP_PASSWORD });
    process.stdout.write(`  group ${n}/${options.count}\r`);
  }
  return groups;
}
