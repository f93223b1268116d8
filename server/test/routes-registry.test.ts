import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../contract/routes.js';
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
});
