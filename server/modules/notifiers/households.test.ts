import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReceiver } from '../../test/fake-receiver.js';
import { makeHousehold, makeNotifier, makeUser, defaultScope, type MadeUser } from '../../test/factories.js';
import { createTestContext, TEST_ENGINE, type TestContext } from '../../test/harness.js';
import { waitFor, waitForQuiet } from '../../test/wait.js';
import { API } from '../../../contract/routes.js';

/**
 * Notifiers belong to one household (issue 39): a neighbour household of the SAME group neither sees nor
 * changes another household's notifiers, and a household's events reach only its own notifiers, while a
 * group-wide event (a tag) reaches every household's. A real receiver on 127.0.0.1 stands in for the service.
 */
const timings = {
  dispatcher: { pollMs: 100, backoffMs: () => 50 },
  jobs: { pollMs: 50, backoffMs: () => 30, pollSeconds: 0.5, checkSeconds: 0.5, maintenanceSeconds: 1 },
};
const BASE = API.householdsEventsNotifications;

let ctx: TestContext;
let rx: Awaited<ReturnType<typeof startReceiver>>;
let home: MadeUser;
let neighbour: MadeUser;
let homeNotifier: { id: string };

beforeAll(async () => {
  rx = await startReceiver();
  ctx = await createTestContext({ outbound: { allowLoopback: true }, build: { platform: timings } });
  const A = await defaultScope(ctx.deps);
  const B = await makeHousehold(ctx.deps, A.groupId, 'Neighbours');
  const flags = { advanced: true, canManageHousehold: true, canOrganize: true };
  home = await makeUser(ctx.deps, A, { username: 'home-cook', flags });
  neighbour = await makeUser(ctx.deps, B, { username: 'neighbour-cook', flags });
  homeNotifier = await makeNotifier(ctx.deps, A, 'Home phone');
});
afterAll(async () => {
  await ctx?.close();
  await rx?.close();
});

const call = (headers: Record<string, string>, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

describe(`notifiers across the households of one group (${TEST_ENGINE})`, () => {
  it("a neighbour household neither lists, reads, changes, tests nor deletes another household's notifier", async () => {
    expect((await call(home.headers, 'GET', BASE)).json().items.map((n: { name: string }) => n.name)).toEqual(['Home phone']);
    expect((await call(neighbour.headers, 'GET', BASE)).json().items).toEqual([]);
    const one = `${BASE}/${homeNotifier.id}`;
    expect((await call(neighbour.headers, 'GET', one)).statusCode).toBe(404);
    expect((await call(neighbour.headers, 'PUT', one, { name: 'Taken over', appriseUrl: `json://${rx.host}/stolen`, enabled: true, options: {} })).statusCode).toBe(404);
    expect((await call(neighbour.headers, 'POST', `${one}/test`)).statusCode).toBe(404);
    expect((await call(neighbour.headers, 'DELETE', one)).statusCode).toBe(404);
    const still = await ctx.deps.db.selectFrom('group_events_notifiers').select(['name', 'enabled']).where('id', '=', homeNotifier.id).executeTakeFirstOrThrow();
    expect(still.name).toBe('Home phone');
    expect(rx.received.filter((r) => r.path === '/stolen')).toEqual([]);
  });

  it("a household's shopping list reaches its own notifier only; a tag reaches both households'", async () => {
    const mine = await call(home.headers, 'POST', BASE, { name: 'home', appriseUrl: `json://${rx.host}/home`, options: { shoppingListCreated: true, tagCreated: true } });
    expect(mine.statusCode, mine.body).toBe(201);
    const theirs = await call(neighbour.headers, 'POST', BASE, { name: 'neighbour', appriseUrl: `json://${rx.host}/neighbour`, options: { shoppingListCreated: true, tagCreated: true } });
    expect(theirs.statusCode, theirs.body).toBe(201);

    expect((await call(home.headers, 'POST', API.householdsShoppingLists, { name: 'Home market' })).statusCode).toBe(201);
    expect((await call(home.headers, 'POST', '/api/organizers/tags', { name: 'Shared tag' })).statusCode).toBe(201);
    await waitFor(() => rx.received.filter((r) => r.path === '/neighbour').length >= 1, "the tag at the neighbour's notifier", 60_000);
    await waitFor(() => rx.received.filter((r) => r.path === '/home').length >= 2, "both events at the home household's notifier", 60_000);
    await waitForQuiet(ctx.deps.db);
    const titles = (path: string) => rx.received.filter((r) => r.path === path).map((r) => JSON.parse(r.body).title).sort();
    expect(titles('/home')).toEqual(['Shopping List Created', 'Tag Created']);
    expect(titles('/neighbour')).toEqual(['Tag Created']);
  });
});
