import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../contract/routes.js';
import { allRoutes } from '../../contract/route-table.js';
import { createTestContext, type TestContext } from './harness.js';

// Issue 10: every API path is written once, in contract/routes.ts; the server serves each of them.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

describe('contract/routes.ts', () => {
  it('names only paths the server registers', () => {
    const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
    const unserved = Object.entries(API).filter(([, url]) => !methods.some((method) => ctx.app.hasRoute({ method, url })));
    expect(unserved).toEqual([]);
  });

  it('serves every row of the route table (contract/route-table.ts) with its method', () => {
    const rows = allRoutes();
    expect(rows.length).toBeGreaterThan(50);
    const unserved = rows.filter((row) => !ctx.app.hasRoute({ method: row.method, url: row.path })).map((row) => `${row.method} ${row.path}`);
    expect(unserved).toEqual([]);
  });
});
