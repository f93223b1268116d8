import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutesOf } from '../platform/auth/guard.js';
import * as make from './factories.js';
import { assertOwnedByA, buildFixtures, type Fixtures } from './matrix/fixtures.js';
import { IDENTITIES, isLeak, matches, type Identity } from './matrix/kinds.js';
import type { Params, Row } from './matrix/row.js';
import { accountRows } from './matrix/rows-accounts.js';
import { householdRows } from './matrix/rows-household.js';
import { recipeRows } from './matrix/rows-recipes.js';
import { createTestContext, TEST_ENGINE, type TestContext } from './harness.js';

/**
 * Every API route × every kind of caller → what we promise (issue 39). The rows are checked against the
 * routes the app registers, so a new route without a row fails here. Each cell is one request; a route that
 * changes its target gets a fresh household-A target per cell from the factories. A cell is a LEAK when a
 * refusal was promised and the call succeeded, or when a foreign caller's answer carries household-A (or,
 * for another group, group-A) data.
 */
const rows: Row[] = [...accountRows, ...recipeRows, ...householdRows];
const key = (method: string, path: string) => `${method} ${path}`;

let ctx: TestContext;
let f: Fixtures;
let headers: Record<Identity, Record<string, string>>;
let base: string;
const leaks: string[] = [];
let cells = 0;

beforeAll(async () => {
  // Every identity calls every row from 127.0.0.1: the sign-in row tries one unknown name 11 times (past the
  // default 10 failures per account) and the password rows add up to ~44 checks from one address (of 60). The
  // limits themselves are tested in server/modules/auth/sign-in-limits.test.ts; here they only must not answer first.
  ctx = await createTestContext({ env: { HEARTH_SIGN_IN_LIMIT_PER_ACCOUNT: '1000', HEARTH_SIGN_IN_LIMIT_PER_ADDRESS: '1000' } });
  f = await buildFixtures(ctx.deps);
  headers = await f.headers();
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => {
  console.log(`permission matrix (${TEST_ENGINE}): ${rows.length} routes × ${IDENTITIES.length} identities = ${cells} cells, ${leaks.length} leaks`);
  await ctx?.close();
});

function fill(path: string, params: Params): string {
  return path.replace(/:([a-z_]+)/g, (_m, name: string) => {
    if (params[name] === undefined) throw new Error(`no value for :${name} in ${path}`);
    return encodeURIComponent(params[name]);
  });
}

/** Status (and body) of one stream request over a real socket, closed as soon as the headers arrive. */
async function streamStatus(url: string, head: Record<string, string>): Promise<{ status: number; body: string }> {
  const abort = new AbortController();
  const res = await fetch(`${base}${url}`, { headers: head, signal: abort.signal });
  const status = res.status;
  const body = status >= 400 ? await res.text() : '';
  abort.abort();
  return { status, body };
}

interface Answer {
  status: number;
  body: string;
  url: string;
  /** What the caller sent: an answer echoing it back has not leaked it. */
  sent: string;
  /** False when the row's household-A target changed under a cell promised 'untouched'. */
  untouched: boolean;
}

async function call(row: Row, who: Identity): Promise<Answer> {
  const params = row.fresh ? await row.fresh(f, who) : (row.params?.(f) ?? {});
  const query = typeof row.query === 'function' ? row.query(f, params) : row.query;
  const url = fill(row.path, params) + (query ? `?${query}` : '');
  const body = typeof row.body === 'function' ? (row.body as (f: Fixtures, p: Params, who: Identity) => unknown)(f, params, who) : row.body;
  const sent = url + JSON.stringify(body ?? null);
  if (row.stream) return { ...(await streamStatus(url, headers[who])), url, sent, untouched: true };
  const watch = row.expect[who] === 'untouched';
  if (watch && !row.snapshot) throw new Error(`${row.method} ${row.path}: 'untouched' needs a snapshot`);
  const before = watch ? JSON.stringify(await row.snapshot!(f, params)) : '';
  const res = await ctx.app.inject({ method: row.method, url, headers: headers[who], ...(body !== undefined ? { payload: body as object } : {}) });
  const untouched = !watch || JSON.stringify(await row.snapshot!(f, params)) === before;
  return { status: res.statusCode, body: res.body, url, sent, untouched };
}

/** A foreign caller's answer must not carry what it may not read (and did not send), whatever its status. */
function foreignLeak(row: Row, who: Identity, answer: Answer): string | undefined {
  const secrets = who === 'otherGroup' ? [...f.householdSecrets, ...(row.capability ? [] : f.groupSecrets)] : who === 'otherHousehold' ? f.householdSecrets : [];
  return secrets.find((secret) => answer.body.includes(secret) && !answer.sent.includes(secret));
}

describe('permission matrix', () => {
  it('has exactly one row for every registered API route', () => {
    const registered = apiRoutesOf(ctx.app).map((route) => key(route.method, route.url));
    const written = rows.map((row) => key(row.method, row.path));
    const duplicates = written.filter((k, i) => written.indexOf(k) !== i);
    expect({ missingRows: registered.filter((k) => !written.includes(k)), rowsWithoutRoute: written.filter((k) => !registered.includes(k)), duplicates }).toEqual({
      missingRows: [],
      rowsWithoutRoute: [],
      duplicates: [],
    });
  });

  it('targets only household A resources', async () => {
    expect(await assertOwnedByA(f)).toEqual([]);
  });

  for (const row of rows) {
    it(`${row.method} ${row.path}`, async () => {
      const seen: Partial<Record<Identity, number | string>> = {};
      const wanted: Partial<Record<Identity, number | string>> = {};
      for (const who of IDENTITIES) {
        const answer = await call(row, who);
        const { status, body, url } = answer;
        cells += 1;
        const outcome = row.expect[who];
        const leaked = foreignLeak(row, who, answer);
        if (isLeak(outcome, status)) leaks.push(`${who} ${row.method} ${url} → ${status}`);
        if (leaked) leaks.push(`${who} ${row.method} ${url} → body carries "${leaked}"`);
        if (!answer.untouched) leaks.push(`${who} ${row.method} ${url} → changed household A's data`);
        const ok = matches(outcome, status) && !leaked && answer.untouched;
        seen[who] = ok ? JSON.stringify(outcome) : `${status}${leaked ? ' LEAKED DATA' : ''}${answer.untouched ? '' : ' CHANGED DATA'} ${status >= 400 ? body.slice(0, 120) : ''}`.trim();
        wanted[who] = JSON.stringify(outcome);
      }
      if (row.endsSessions) {
        for (const who of IDENTITIES) {
          if (who === 'visitor' || who === 'apiToken') continue;
          const userId = who === 'admin' ? f.A.adminId : f.users[who]!.id;
          headers[who] = await make.signIn(ctx.deps, userId);
        }
      }
      expect(seen).toEqual(wanted);
    });
  }

  it('refuses to build an app with an API route that does not declare who may call it', async () => {
    const { default: Fastify } = await import('fastify');
    const { registerGuard } = await import('../platform/auth/guard.js');
    const bare = Fastify();
    registerGuard(bare, ctx.deps);
    expect(() => bare.get('/api/forgotten', async () => 'oops')).toThrow(/declares no access/);
    await bare.close();
  });

  it('found no leak', () => {
    expect(leaks).toEqual([]);
  });
});
