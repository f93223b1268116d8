import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_ENGINE, type TestContext } from '../harness.js';

/**
 * Issue 9, proof: every write route listed in /openapi.json gets malformed bodies (bad JSON, wrong types,
 * nulls, NUL characters, huge strings, deep nesting, odd unicode). Each answer must be below 500, a 4xx must
 * be in Mealie's error shape ({"detail": ...}) and leave every table's row count as it was. Deterministic:
 * the bodies come from a seeded generator, so a failure names a reproducible (route, case).
 */
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = { type?: string; properties?: Record<string, Schema>; items?: Schema; $ref?: string; anyOf?: Schema[]; oneOf?: Schema[]; allOf?: Schema[]; nullable?: boolean };

function mulberry32(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const UNICODE = ['\u202e\u0645\u0631\u062d\u0628\u0627', '👨‍👩‍👧‍👦🍲', 'e\u0301\u0301\u0301', '\ud800', '\ufeff\u200b', 'ｓｏｕｐ', '𝕊𝕠𝕦𝕡', "'; DROP TABLE recipes; --"];

/** A value of the wrong type for a schema. */
function wrongType(schema: Schema | undefined, rand: () => number): Json {
  switch (schema?.type) {
    case 'string': return rand() < 0.5 ? 12345 : { nested: 'object' };
    case 'number': case 'integer': return rand() < 0.5 ? 'not a number' : [1, 2];
    case 'boolean': return rand() < 0.5 ? 'maybe' : 7;
    case 'array': return rand() < 0.5 ? { not: 'an array' } : 'x';
    case 'object': return rand() < 0.5 ? [1] : 'x';
    default: return rand() < 0.5 ? [[[]]] : { '': null };
  }
}

function fill(schema: Schema | undefined, value: (s: Schema | undefined, key: string) => Json, depth = 0): Json {
  const props = schema?.properties;
  if (!props || depth > 3) return value(schema, '');
  const out: Record<string, Json> = {};
  for (const [key, inner] of Object.entries(props)) {
    out[key] = inner.type === 'object' && inner.properties ? fill(inner, value, depth + 1) : value(inner, key);
  }
  return out;
}

function nested(depth: number): string {
  return `${'{"a":['.repeat(depth)}1${']}'.repeat(depth)}`;
}

interface Case { name: string; body: string }

function casesFor(schema: Schema | undefined, seed: number): Case[] {
  const rand = mulberry32(seed);
  const strings = (make: () => string) => fill(schema, (s) => (s?.type === 'string' || !s?.type ? make() : wrongType(s, rand)));
  return [
    { name: 'invalid JSON', body: '{"name": "x",' },
    { name: 'empty', body: '' },
    { name: 'null', body: 'null' },
    { name: 'array', body: '[]' },
    { name: 'number', body: '42' },
    { name: 'string', body: '"soup"' },
    { name: 'wrong types', body: JSON.stringify(fill(schema, (s) => wrongType(s, rand))) },
    { name: 'nulls', body: JSON.stringify(fill(schema, () => null)) },
    { name: 'NUL characters', body: JSON.stringify(strings(() => `a\u0000b`)) },
    { name: 'huge strings', body: JSON.stringify(strings(() => 'x'.repeat(100_000 + Math.floor(rand() * 1000)))) },
    { name: 'odd unicode', body: JSON.stringify(strings(() => UNICODE[Math.floor(rand() * UNICODE.length)])) },
    { name: 'deep nesting', body: nested(200) },
    { name: 'deep nesting in a field', body: `{"name":"x","description":${nested(100)},"recipeIngredient":${nested(100)}}` },
    { name: 'huge array', body: JSON.stringify(fill(schema, (s) => (s?.type === 'array' ? Array.from({ length: 5000 }, () => ({})) : wrongType(s, rand)))) },
  ];
}

let ctx: TestContext;
let auth: Record<string, string>;
let slug: string;
let tables: string[];

async function rowCounts(): Promise<Record<string, number>> {
  const union = tables.map((t) => `SELECT '${t}' AS t, COUNT(*) AS n FROM "${t}"`).join(' UNION ALL ');
  const rows = (await sql.raw<{ t: string; n: number }>(union).execute(ctx.deps.db)).rows;
  return Object.fromEntries(rows.map((r) => [r.t, Number(r.n)]));
}

beforeAll(async () => {
  ctx = await createTestContext();
  // An API token: malformed calls to logout routes must not end the session the fuzzer uses.
  const token = (await ctx.app.inject({ method: 'POST', url: '/api/users/api-tokens', headers: ctx.admin, payload: { name: 'fuzzer' } })).json().token;
  auth = { authorization: `Bearer ${token}` };
  slug = (await ctx.app.inject({ method: 'POST', url: '/api/recipes', headers: auth, payload: { name: 'Fuzz Target' } })).json();
  const names =
    TEST_ENGINE === 'postgres'
      ? (await sql<{ name: string }>`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'`.execute(ctx.deps.db)).rows
      : (await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`.execute(ctx.deps.db)).rows;
  tables = names.map((r) => r.name).filter((n) => /^[a-z0-9_]+$/.test(n)).sort();
});
afterAll(() => ctx?.close());

describe('malformed bodies on every write route', () => {
  it('never answer 5xx, always in Mealie\'s error shape, and write nothing', async () => {
    const spec = (await ctx.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const failures: string[] = [];
    let requests = 0;
    const histogram: Record<number, number> = {};
    let seed = 9;
    for (const [path, ops] of Object.entries<Record<string, { requestBody?: { content?: Record<string, { schema?: Schema }> } }>>(spec.paths)) {
      if (/\/logout/.test(path)) continue;
      for (const [method, op] of Object.entries(ops)) {
        if (!['post', 'put', 'patch', 'delete'].includes(method)) continue;
        const schema = op.requestBody?.content?.['application/json']?.schema;
        if (method === 'delete' && !schema) continue;
        const url = path
          .replace(/\{slug\}/g, slug)
          .replace(/\{[^}]*\}/g, '00000000-0000-4000-8000-000000000000');
        for (const c of casesFor(schema, (seed += 1))) {
          const before = await rowCounts();
          const res = await ctx.app.inject({ method: method.toUpperCase() as 'POST', url, headers: { ...auth, 'content-type': 'application/json' }, payload: c.body });
          requests += 1;
          histogram[res.statusCode] = (histogram[res.statusCode] ?? 0) + 1;
          const where = `${method.toUpperCase()} ${path} [${c.name}] → ${res.statusCode}`;
          if (res.statusCode >= 500) {
            failures.push(`${where}: ${res.body.slice(0, 200)}`);
            continue;
          }
          if (res.statusCode >= 400) {
            let body: unknown;
            try {
              body = res.json();
            } catch {
              body = null;
            }
            if (!body || typeof body !== 'object' || !('detail' in body)) failures.push(`${where}: not Mealie's error shape: ${res.body.slice(0, 200)}`);
            const after = await rowCounts();
            const changed = tables.filter((t) => before[t] !== after[t]);
            if (changed.length) failures.push(`${where}: half-written (${changed.join(', ')})`);
          }
        }
      }
    }
    expect(requests).toBeGreaterThan(500);
    if (process.env.FUZZ_VERBOSE) console.log(requests, 'requests', histogram);
    expect(failures).toEqual([]);
  }, 180_000);
});
