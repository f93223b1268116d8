import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestContext, TEST_ENGINE, type TestContext } from '../../test/harness.js';
import { translateError, type ErrorKey, type MessageVars } from './index.js';

/**
 * Proof for "errors are keys": a German and a Hebrew client get each error of a sample of error paths
 * (404, 401, 403, 405, 409, 400 and 422 alike) in their own language, in Mealie's body shapes.
 */
let ctx: TestContext;
let member: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestContext();
  member = (await createMember(ctx)).headers;
});
afterAll(() => ctx?.close());

type Headers = Record<string, string>;
interface Case {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: unknown;
  headers?: () => Headers;
  /** Run (in English) before each language's request, e.g. to make the thing that then clashes. */
  before?: (suffix: string) => Promise<void>;
  status: number;
  key: ErrorKey;
  vars?: (suffix: string) => MessageVars;
  /** Where the message is: detail.message (default), detail (a bare string), or detail[0].msg (422). */
  shape?: 'message' | 'plain' | 'issue';
  /** For messages built of several translated parts: only that the text is not the English one. */
  partsOnly?: boolean;
}

const uuid = () => crypto.randomUUID();
const post = (url: string, payload: unknown) => ctx.app.inject({ method: 'POST', url, headers: ctx.admin, payload: payload as object });

const CASES: Case[] = [
  { name: 'unknown recipe', method: 'GET', url: '/api/recipes/no-such-recipe', status: 404, key: 'common.no-entry-found' },
  { name: 'forged token', method: 'GET', url: '/api/users/self', headers: () => ({ authorization: 'Bearer forged' }), status: 401, key: 'auth.could-not-validate-credentials', shape: 'plain' },
  { name: 'no credentials', method: 'GET', url: '/api/users/self', headers: () => ({}), status: 401, key: 'auth.not-authenticated', shape: 'plain' },
  { name: 'member on an admin route', method: 'GET', url: '/api/admin/users', headers: () => member, status: 403, key: 'common.forbidden' },
  { name: 'wrong method', method: 'PATCH', url: '/api/foods', status: 405, key: 'common.method-not-allowed', shape: 'plain' },
  { name: 'unknown API path', method: 'GET', url: '/api/no/such/path', status: 404, key: 'common.not-found', shape: 'plain' },
  { name: 'food missing its name', method: 'POST', url: '/api/foods', payload: {}, status: 422, key: 'validation.missing', shape: 'issue' },
  { name: 'food name not text', method: 'POST', url: '/api/foods', payload: { name: 5 }, status: 422, key: 'validation.string-type', shape: 'issue' },
  { name: 'page not a number', method: 'GET', url: '/api/recipes?page=abc', status: 422, key: 'validation.int-parsing', shape: 'issue' },
  { name: 'order direction not an option', method: 'GET', url: '/api/recipes?orderDirection=up', status: 422, key: 'validation.enum', shape: 'issue', partsOnly: true },
  { name: 'meal plan date not a date', method: 'GET', url: '/api/households/mealplans?start_date=bad', status: 422, key: 'validation.date-input-too-short', shape: 'issue' },
  { name: 'meal plan month 13', method: 'POST', url: '/api/households/mealplans', payload: { date: '2026-13-01', entryType: 'dinner' }, status: 422, key: 'validation.date-month-range', shape: 'issue' },
  { name: 'meal plan type not an option', method: 'POST', url: '/api/households/mealplans', payload: { date: '2026-01-01', entryType: 'brunch' }, status: 422, key: 'validation.enum', shape: 'issue', partsOnly: true },
  { name: 'text with a NUL character', method: 'POST', url: '/api/foods', payload: { name: 'a\u0000b' }, status: 422, key: 'validation.nul-character', shape: 'issue' },
  { name: 'cookbook with a broken filter', method: 'POST', url: '/api/households/cookbooks', payload: { name: 'Broken', queryFilterString: 'tags.name = ' }, status: 422, key: 'validation.query-filter', shape: 'issue', partsOnly: true },
  { name: 'meal-plan rule with a bad UUID in its filter', method: 'POST', url: '/api/households/mealplans/rules', payload: { queryFilterString: 'tags.id IN ["bad"]' }, status: 422, key: 'validation.query-filter', shape: 'issue', partsOnly: true },
  { name: 'duplicate food', method: 'POST', url: '/api/foods', payload: { name: 'Salz' }, before: async () => void (await post('/api/foods', { name: 'Salz' })), status: 409, key: 'foods.food-named-already-exists', vars: () => ({ name: 'Salz' }) },
  { name: 'duplicate unit', method: 'POST', url: '/api/units', payload: { name: 'Prise' }, before: async () => void (await post('/api/units', { name: 'Prise' })), status: 409, key: 'units.unit-named-already-exists', vars: () => ({ name: 'Prise' }) },
  { name: 'duplicate label', method: 'POST', url: '/api/groups/labels', payload: { name: 'Obst' }, before: async () => void (await post('/api/groups/labels', { name: 'Obst' })), status: 409, key: 'labels.label-named-already-exists', vars: () => ({ name: 'Obst' }) },
  { name: 'duplicate category', method: 'POST', url: '/api/organizers/categories', payload: { name: 'Suppe' }, before: async () => void (await post('/api/organizers/categories', { name: 'Suppe' })), status: 409, key: 'organizers.category-exists', vars: () => ({ name: 'Suppe' }) },
  { name: 'unknown food', method: 'GET', url: `/api/foods/${uuid()}`, status: 404, key: 'common.food-not-found' },
  { name: 'unknown unit', method: 'GET', url: `/api/units/${uuid()}`, status: 404, key: 'common.unit-not-found' },
  { name: 'unknown label', method: 'GET', url: `/api/groups/labels/${uuid()}`, status: 404, key: 'common.label-not-found' },
  { name: 'unknown cookbook', method: 'GET', url: '/api/households/cookbooks/no-such-book', status: 404, key: 'cookbooks.cookbook-not-found' },
  { name: 'unknown shopping list', method: 'GET', url: `/api/households/shopping/lists/${uuid()}`, status: 404, key: 'shopping.shopping-list-not-found' },
  { name: 'unknown meal plan entry', method: 'GET', url: '/api/households/mealplans/987654', status: 404, key: 'mealplans.meal-plan-entry-not-found' },
  { name: 'unknown group (admin)', method: 'GET', url: `/api/admin/groups/${uuid()}`, status: 404, key: 'common.group-not-found' },
  { name: 'unknown backup', method: 'DELETE', url: '/api/admin/backups/nothing-here.zip', status: 404, key: 'backups.backup-not-found' },
  { name: 'explore: unknown group', method: 'GET', url: '/api/explore/groups/no-such-group/recipes/x', headers: () => ({}), status: 404, key: 'explore.group-not-found', shape: 'plain' },
  { name: 'duplicate cookbook', method: 'POST', url: '/api/households/cookbooks', payload: { name: 'Kuchen' }, before: async () => void (await post('/api/households/cookbooks', { name: 'Kuchen' })), status: 400, key: 'cookbooks.cookbook-named-already-exists', vars: () => ({ name: 'Kuchen' }) },
  { name: 'food merged into itself', method: 'PUT', url: '/api/foods/merge', payload: { fromFood: '6f1c1a38-0000-4000-8000-000000000001', toFood: '6f1c1a38-0000-4000-8000-000000000001' }, status: 400, key: 'foods.food-cannot-be-merged-into-itself' },
  { name: 'unknown order field', method: 'GET', url: '/api/recipes?orderBy=nonsense', status: 400, key: 'common.invalid-order-by-statement-is-invalid', vars: () => ({ orderBy: 'nonsense', field: 'nonsense' }) },
  { name: 'list filter with a bad UUID', method: 'GET', url: `/api/recipes?queryFilter=${encodeURIComponent('id = "bad"')}`, status: 400, key: 'query-filter.invalid-value-at-position-for-expected', partsOnly: true },
  { name: 'wrong current password', method: 'PUT', url: '/api/users/password', payload: { currentPassword: 'not-the-password', newPassword: 'An0ther-Secret-pw' }, status: 400, key: 'users.existing-password-does-not-match' },
  { name: 'bad reset token', method: 'POST', url: '/api/users/reset-password', headers: () => ({}), payload: { token: 'nope', email: 'x@example.com', password: 'An0ther-Secret-pw', passwordConfirm: 'An0ther-Secret-pw' }, status: 400, key: 'users.invalid-or-expired-password-reset-token' },
  { name: 'registration without an invitation', method: 'POST', url: '/api/users/register', headers: () => ({}), payload: { username: 'newbie', fullName: 'New Bie', email: 'newbie@example.com', password: 'An0ther-Secret-pw', passwordConfirm: 'An0ther-Secret-pw', advanced: false, private: false }, status: 403, key: 'users.user-registration-is-disabled' },
  { name: 'body that is not JSON', method: 'POST', url: '/api/foods', payload: '{"name":', status: 400, key: 'common.request-body-is-not-valid-json' },
];

function messageOf(body: { detail: unknown }, shape: Case['shape']): string {
  if (shape === 'plain') return body.detail as string;
  if (shape === 'issue') return (body.detail as Array<{ msg: string }>)[0].msg;
  return (body.detail as { message: string }).message;
}

describe(`errors in the client's language (${TEST_ENGINE})`, () => {
  it(`answers each of ${CASES.length} error paths in German and in Hebrew`, { timeout: 300_000 }, async () => {
    expect(CASES.length).toBeGreaterThanOrEqual(30);
    const failures: string[] = [];
    for (const c of CASES) {
      for (const locale of ['en-US', 'de-DE', 'he-IL']) {
        await c.before?.(locale);
        const headers = { ...(c.headers ? c.headers() : ctx.admin), 'accept-language': locale === 'en-US' ? 'en-US,en;q=0.9' : `${locale},${locale.slice(0, 2)};q=0.9` };
        const isText = typeof c.payload === 'string';
        const res = await ctx.app.inject({ method: c.method, url: c.url, headers: isText ? { ...headers, 'content-type': 'application/json' } : headers, payload: c.payload as object });
        if (res.statusCode !== c.status) {
          failures.push(`${c.name} [${locale}]: status ${res.statusCode}, wanted ${c.status}: ${res.body.slice(0, 200)}`);
          continue;
        }
        const said = messageOf(res.json(), c.shape);
        const english = translateError('en-US', c.key, c.vars?.(locale));
        if (c.partsOnly) {
          if (locale !== 'en-US' && (typeof said !== 'string' || !said || said === english || said.startsWith(english.split('{{')[0].slice(0, 12)))) failures.push(`${c.name} [${locale}]: "${said}" looks English`);
          continue;
        }
        const wanted = translateError(locale, c.key, c.vars?.(locale));
        if (said !== wanted) failures.push(`${c.name} [${locale}]: "${said}", wanted "${wanted}"`);
        if (locale !== 'en-US' && said === english) failures.push(`${c.name} [${locale}]: still English`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('keeps pydantic’s shape for a 422: type, loc (query/body/path), msg and input', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/recipes?page=abc&orderDirection=up', headers: { ...ctx.admin, 'accept-language': 'he-IL' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toEqual([
      { type: 'int_parsing', loc: ['query', 'page'], msg: translateError('he-IL', 'validation.int-parsing'), input: 'abc' },
      { type: 'enum', loc: ['query', 'orderDirection'], msg: expect.stringContaining("'asc'"), input: 'up', ctx: { expected: "'asc' or 'desc'" } },
    ]);
    const missing = await ctx.app.inject({ method: 'POST', url: '/api/foods', headers: ctx.admin, payload: { description: 'x' } });
    expect(missing.json().detail).toEqual([{ type: 'missing', loc: ['body', 'name'], msg: 'Field required', input: { description: 'x' } }]);
  });

  it('answers a wrong method on a known path with 405 and the methods it takes', async () => {
    const res = await ctx.app.inject({ method: 'DELETE', url: '/api/foods', headers: ctx.admin });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, POST');
    expect(res.json()).toEqual({ detail: 'Method Not Allowed' });
  });
});
