import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRows } from './areas/admin.js';
import { appRows } from './areas/app.js';
import { exportRows } from './areas/exports.js';
import { foodRows } from './areas/foods.js';
import { groupRows } from './areas/groups.js';
import { householdRows } from './areas/households.js';
import { importRows } from './areas/import.js';
import { HAS_SHARED_DATA, MISSING_SHARED_DATA_NOTE } from '../paths.js';
import { labelRows } from './areas/labels.js';
import { organizerRows } from './areas/organizers.js';
import { parserRows } from './areas/parser.js';
import { recipeMediaRows } from './areas/recipe-media.js';
import { recipeSocialRows } from './areas/recipe-social.js';
import { recipeRows } from './areas/recipes.js';
import { shareRows } from './areas/shares.js';
import { userRows } from './areas/users.js';
import { mealplanRows } from './areas/mealplans.js';
import { shoppingRows } from './areas/shopping.js';
import { cookbookRows } from './areas/cookbooks.js';
import { exploreRows } from './areas/explore.js';
import { automationRows } from './areas/automation.js';
import { adminToolRows } from './areas/admin-tools.js';
import { clientOperations, clientRoutes } from './client.js';
import { Coverage, uncoveredReason } from './coverage.js';
import type { ContractRow, World } from './rows.js';
import { declaresNoBody, expectValid, formatErrors, loadClientSchemas, schemaErrors } from './schemas.js';
import { startContractServer, type ContractServer } from './server.js';
import { SERVED_BUT_NOT_EXERCISABLE, UNCOVERED_OPERATIONS } from './uncovered.js';
import { createWorld } from './world.js';

/**
 * Hearth driven by mealie-typescript (a client generated from Mealie's OpenAPI document, not written
 * here): every row calls one operation through the client, asserts the status and validates the body
 * against the JSON Schema of the type the client declares for that operation.
 */
const ROWS: ContractRow[] = [
  ...appRows,
  ...userRows,
  ...groupRows,
  ...householdRows,
  ...adminRows,
  ...organizerRows,
  ...foodRows,
  ...labelRows,
  ...recipeRows,
  ...recipeMediaRows,
  ...recipeSocialRows,
  ...shareRows,
  ...exportRows,
  ...importRows,
  ...parserRows,
  ...mealplanRows,
  ...shoppingRows,
  ...cookbookRows,
  ...exploreRows,
  ...automationRows,
  ...adminToolRows,
];
const PINNED_OPERATION_COUNT = 251;

const routes = await clientRoutes();
const coverage = new Coverage(new Set<string>(ROWS.map((r) => r.id)), (id) => routes.get(id));
let server: ContractServer | undefined;
let world: World;

beforeAll(async () => {
  loadClientSchemas();
  server = await startContractServer();
  world = await createWorld(server);
});

afterAll(async () => {
  if (!server) return;
  const { app } = server.ctx;
  console.log(coverage.report({ hasRoute: (method, url) => app.hasRoute({ method: method as HTTPMethods, url }) }));
  await server.close();
});

describe('the client', () => {
  it(`mealie-typescript offers ${PINNED_OPERATION_COUNT} operations, each with its declared response type`, () => {
    const operations = clientOperations();
    const { responseTypes } = loadClientSchemas();
    expect(operations.length, `the pinned client now has ${operations.length} operations`).toBe(PINNED_OPERATION_COUNT);
    expect(operations.map((op) => op.id).sort()).toEqual(Object.keys(responseTypes).sort());
    expect(routes.size).toBe(PINNED_OPERATION_COUNT);
  });

  it('every operation is either exercised by a row or listed as uncovered with a reason', () => {
    const covered = new Set<string>(ROWS.map((r) => r.id));
    const unexplained = clientOperations().filter((op) => !covered.has(op.id) && !uncoveredReason(op.id, op.api));
    expect(unexplained.map((op) => op.id)).toEqual([]);
    const stale = Object.keys(UNCOVERED_OPERATIONS).filter((id) => covered.has(id));
    expect(stale, 'exercised now: remove them from UNCOVERED_OPERATIONS').toEqual([]);
  });
});

describe('operations through the client', () => {
  for (const contractRow of ROWS) {
    // Rows that read saved pages from the shared test data skip without it (a fresh clone), saying why.
    const needsShared = importRows.includes(contractRow) && !HAS_SHARED_DATA;
    it.skipIf(needsShared)(`${contractRow.title}${needsShared ? MISSING_SHARED_DATA_NOTE : ''}`, async () => {
      const { response, check } = await contractRow.run(world);
      coverage.exercised(contractRow.id);
      const body = response.data;
      if (response.status !== contractRow.status) coverage.verdict(contractRow.id, 'wrong-status', `answered ${response.status}, expected ${contractRow.status}`);
      expect(response.status, `${response.config.method?.toUpperCase()} ${response.config.url}: ${JSON.stringify(body).slice(0, 400)}`).toBe(contractRow.status);

      const typeName = loadClientSchemas().responseTypes[contractRow.id];
      if (declaresNoBody(typeName)) {
        coverage.verdict(contractRow.id, 'no-body-type');
      } else {
        const errors = schemaErrors(typeName, body);
        coverage.verdict(contractRow.id, errors.length > 0 ? 'invalid' : 'valid', errors.length > 0 ? formatErrors(errors) : undefined);
        expectValid(typeName, body);
      }
      await check();
    });
  }
});

// After the rows, so that the plain calls of this check never change what a row sees.
describe('operations listed as uncovered', () => {
  // Without this, an operation stays in uncovered.ts after its area lands and is never schema-checked.
  it('none is served: an operation that Hearth routes or answers with a 2xx needs rows, not a line in uncovered.ts', async () => {
    const { app, config } = world.server.ctx;
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/token',
      payload: new URLSearchParams({ username: config.defaultAdmin.username, password: config.defaultAdmin.password }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const token = (signIn.json() as { access_token: string }).access_token;
    const covered = new Set<string>(ROWS.map((r) => r.id));
    const served: string[] = [];
    for (const operation of clientOperations().filter((o) => !covered.has(o.id))) {
      const route = routes.get(operation.id);
      if (!route) continue;
      const routed = app.hasRoute({ method: route.method as HTTPMethods, url: route.path });
      if (routed && !SERVED_BUT_NOT_EXERCISABLE[operation.id as keyof typeof SERVED_BUT_NOT_EXERCISABLE]) {
        served.push(`${operation.id}: Hearth routes ${route.method} ${route.path}`);
      }
      // The plainest call (no body, placeholder path parameters) as the admin must not succeed either.
      const answer = await app.inject({ method: route.method as HTTPMethods, url: route.path.replace(/:p\d+/g, 'placeholder'), headers: { authorization: `Bearer ${token}` } });
      if (answer.statusCode >= 200 && answer.statusCode < 300) served.push(`${operation.id}: ${route.method} ${route.path} answered ${answer.statusCode}`);
    }
    expect(served, 'write rows for these under areas/ and remove them from uncovered.ts').toEqual([]);
  });
});
