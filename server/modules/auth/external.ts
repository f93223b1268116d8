import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { nowIso } from '../../db/schema.js';
import type { Deps } from '../../platform/deps.js';
import { HttpError } from '../../platform/errors.js';
import type { DirectoryUser } from '../../platform/auth/providers/ldap.js';
import type { OidcIdentity } from '../../platform/auth/providers/oidc.js';
import { slugify } from '../../platform/slug.js';
import { emailTaken, insertUser, usernameTaken } from '../users/repo.js';

export type ExternalMethod = 'LDAP' | 'OIDC';
type Executor = Kysely<Database> | Transaction<Database>;

/** Where accounts created at their first sign-in go: the default group and its default household. */
async function defaultPlacement(db: Executor, deps: Deps): Promise<{ groupId: string; householdId: string }> {
  const group =
    (await db.selectFrom('groups').select('id').where('slug', '=', slugify(deps.config.defaultGroup)).executeTakeFirst()) ??
    (await db.selectFrom('groups').select('id').orderBy('created_at').executeTakeFirst());
  if (!group) throw new HttpError(503, 'auth.hearth-has-no-group-to-add-new');
  const households = await db.selectFrom('households').select(['id', 'slug']).where('group_id', '=', group.id).orderBy('created_at').execute();
  const household = households.find((h) => h.slug === slugify(deps.config.defaultHousehold)) ?? households[0];
  if (!household) throw new HttpError(503, 'auth.hearth-has-no-household-to-add-new');
  return { groupId: group.id, householdId: household.id };
}

interface ExternalAccount {
  username: string;
  email: string;
  fullName: string;
  /** null: leave the admin flag as it is (no admin group or filter configured). */
  admin: boolean | null;
}

/**
 * The account behind an external sign-in: the existing one (its admin flag re-synced when the provider
 * decides it), or a new one with that method when sign-up is allowed. An existing account of another
 * method is never taken over: a local "admin" does not become whoever the directory calls "admin".
 */
async function accountFor(deps: Deps, method: ExternalMethod, existingId: string | null, account: ExternalAccount, allowSignup: boolean): Promise<string> {
  if (existingId) {
    const row = await deps.db.selectFrom('users').select(['id', 'auth_method', 'admin']).where('id', '=', existingId).executeTakeFirstOrThrow();
    if (row.auth_method !== method) throw new HttpError(401, 'auth.sign-in-refused');
    if (account.admin !== null && Boolean(row.admin) !== account.admin) {
      const flags = account.admin
        ? { admin: true, advanced: true, can_invite: true, can_manage: true, can_manage_household: true, can_organize: true }
        : { admin: false };
      await deps.db.updateTable('users').set({ ...flags, update_at: nowIso() }).where('id', '=', row.id).execute();
    }
    return row.id;
  }
  if (!allowSignup) throw new HttpError(401, 'auth.sign-in-refused');
  if (!account.username || !account.email) throw new HttpError(401, 'auth.identity-provider-did-not-say-who-you');
  if (await usernameTaken(deps.db, account.username)) throw new HttpError(409, 'auth.username-belongs-to-another-account', { username: account.username });
  if (await emailTaken(deps.db, account.email)) throw new HttpError(409, 'auth.email-belongs-to-another-account', { email: account.email });
  return deps.db.transaction().execute(async (trx) => {
    const placement = await defaultPlacement(trx, deps);
    return insertUser(trx, {
      username: account.username,
      fullName: account.fullName,
      email: account.email,
      passwordHash: method, // never a bcrypt hash: no password can match it
      authMethod: method,
      admin: account.admin ?? false,
      ...placement,
    });
  });
}

async function findByUsernameThenEmail(db: Executor, value: string): Promise<string | null> {
  const needle = value.trim().toLowerCase();
  if (!needle) return null;
  const byUsername = await db.selectFrom('users').select('id').where(sql<string>`lower(username)`, '=', needle).executeTakeFirst();
  if (byUsername) return byUsername.id;
  const byEmail = await db.selectFrom('users').select('id').where(sql<string>`lower(email)`, '=', needle).executeTakeFirst();
  return byEmail?.id ?? null;
}

/** The account of someone the directory just authenticated (created at their first sign-in, as Mealie does). */
export async function accountForDirectoryUser(deps: Deps, user: DirectoryUser): Promise<string> {
  const existing = (await findByUsernameThenEmail(deps.db, user.username)) ?? (await findByUsernameThenEmail(deps.db, user.email));
  const ldap = deps.config.identity.ldap;
  return accountFor(deps, 'LDAP', existing, { username: user.username, email: user.email, fullName: user.fullName, admin: ldap?.adminFilter ? user.admin : null }, true);
}

/**
 * The account of someone the OpenID provider just vouched for. With OIDC_USER_GROUP or OIDC_ADMIN_GROUP
 * set, only members of those groups get in; membership of the admin group is re-read at every sign-in.
 */
export async function accountForOidcIdentity(deps: Deps, identity: OidcIdentity): Promise<string> {
  const oidc = deps.config.identity.oidc;
  if (!oidc) throw new HttpError(404, 'auth.openid-connect-is-not-enabled');
  const inAdminGroup = oidc.adminGroup ? identity.groups.includes(oidc.adminGroup) : false;
  const inUserGroup = oidc.userGroup ? identity.groups.includes(oidc.userGroup) : false;
  if ((oidc.userGroup || oidc.adminGroup) && !inUserGroup && !inAdminGroup) {
    throw new HttpError(403, 'auth.your-account-is-not-in-a-group');
  }
  const existing = await findByUsernameThenEmail(deps.db, identity.userClaim);
  return accountFor(
    deps,
    'OIDC',
    existing,
    {
      username: identity.preferredUsername ?? identity.userClaim,
      email: identity.email,
      fullName: identity.name,
      admin: oidc.adminGroup ? inAdminGroup : null,
    },
    oidc.signupEnabled,
  );
}
