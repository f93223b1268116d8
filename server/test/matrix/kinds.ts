/**
 * The vocabulary of the permission matrix (server/test/permission-matrix.test.ts): who calls, and what each
 * of them is promised on a route.
 *
 * Identities. Household A of group A owns every resource a row names; the identities in it differ only in
 * their flags. The two foreign identities hold every non-admin flag, so the guard lets them through and
 * what stops them is the route's own scoping: a user of household B of the SAME group, and a user of
 * ANOTHER group.
 */
export const IDENTITIES = [
  'visitor',
  'member',
  'apiToken',
  'canInvite',
  'canManage',
  'canManageHousehold',
  'canOrganize',
  'advanced',
  'admin',
  'otherHousehold',
  'otherGroup',
] as const;
export type Identity = (typeof IDENTITIES)[number];
export type FlagName = 'canInvite' | 'canManage' | 'canManageHousehold' | 'canOrganize' | 'advanced';

/** The household-A identities and the flags they hold (admins hold every flag). */
export const FLAGS_OF: Record<Exclude<Identity, 'visitor' | 'otherHousehold' | 'otherGroup'>, FlagName[]> = {
  member: [],
  apiToken: [],
  canInvite: ['canInvite'],
  canManage: ['canManage'],
  canManageHousehold: ['canManageHousehold'],
  canOrganize: ['canOrganize'],
  advanced: ['advanced'],
  admin: ['canInvite', 'canManage', 'canManageHousehold', 'canOrganize', 'advanced'],
};

/**
 * One cell's promise: 'ok' is any 2xx/3xx; a number is that exact status; a list accepts any of them
 * (used only where a pending change may land either way, and said so at the row). 'untouched' is a 2xx that
 * changed nothing: bulk routes skip ids outside the caller's household as Mealie's do (an offline client
 * retrying must not fail), and the row's snapshot of its household-A target proves it stayed as it was.
 */
export type Outcome = 'ok' | 'untouched' | number | Array<'ok' | number>;
export type Expect = Record<Identity, Outcome>;

/**
 * Where a route's target lives, which decides what the foreign identities get once past the guard:
 * - own: the caller's own scope (a list, a create): everyone allowed sees or changes their own
 * - group: a group-A resource (a recipe, a food): household B shares it, another group gets 404
 * - household: a household-A resource (a shopping list, a webhook): both foreign identities get 404
 */
export type Scope = 'own' | 'group' | 'household';

type Overrides = Partial<Expect> & { allowed?: Outcome };

function build(visitor: Outcome, inA: (who: keyof typeof FLAGS_OF) => Outcome, scope: Scope, o: Overrides): Expect {
  const allowed = o.allowed ?? 'ok';
  const byScope = (who: 'otherHousehold' | 'otherGroup'): Outcome => {
    if (scope === 'own') return allowed;
    if (scope === 'group') return who === 'otherHousehold' ? allowed : 404;
    return 404;
  };
  const base = {
    visitor,
    ...Object.fromEntries(Object.keys(FLAGS_OF).map((who) => [who, inA(who as keyof typeof FLAGS_OF) === 'ok' ? allowed : inA(who as keyof typeof FLAGS_OF)])),
    otherHousehold: byScope('otherHousehold'),
    otherGroup: byScope('otherGroup'),
  } as Expect;
  const { allowed: _allowed, ...rest } = o;
  return { ...base, ...rest };
}

/** Anyone, signed in or not. */
export const pub = (o: Overrides = {}): Expect => build(o.allowed ?? 'ok', () => 'ok', 'own', o);
/** Every identity gets the same status (a public route given input nobody can use). */
export const all = (status: Outcome): Expect => Object.fromEntries([...IDENTITIES].map((who) => [who, status])) as Expect;
/** Any signed-in user, within `scope`. */
export const user = (scope: Scope = 'own', o: Overrides = {}): Expect => build(401, () => 'ok', scope, o);
/** A signed-in user holding `flag`, within `scope`. */
export const flag = (name: FlagName, scope: Scope = 'own', o: Overrides = {}): Expect =>
  build(401, (who) => (FLAGS_OF[who].includes(name) ? 'ok' : 403), scope, o);
/** Server administrators only. */
export const admin = (o: Overrides = {}): Expect => ({ ...build(401, (who) => (who === 'admin' ? 'ok' : 403), 'own', {}), otherHousehold: 403, otherGroup: 403, ...o, ...(o.allowed ? { admin: o.allowed } : {}) });
/** The caller themself (the plain member's own row, also through their API token) or an admin; nobody else. */
export const selfOrAdmin = (o: Overrides = {}): Expect =>
  build(401, (who) => (who === 'member' || who === 'apiToken' || who === 'admin' ? 'ok' : 403), 'own', { otherHousehold: 403, otherGroup: 403, ...o });

export function matches(outcome: Outcome, status: number): boolean {
  const one = (o: 'ok' | 'untouched' | number) => (o === 'ok' || o === 'untouched' ? status >= 200 && status < 400 : o === status);
  return Array.isArray(outcome) ? outcome.some(one) : one(outcome);
}

/** A leak: a cell promised a refusal (401/403/404) was answered with success. */
export function isLeak(outcome: Outcome, status: number): boolean {
  const refusals = (Array.isArray(outcome) ? outcome : [outcome]).every((o) => o === 401 || o === 403 || o === 404);
  return refusals && status >= 200 && status < 400;
}
