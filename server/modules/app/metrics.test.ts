import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../../contract/routes.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
const METRICS_TOKEN = 'scrape-me-0123456789';

beforeAll(async () => {
  ctx = await createTestContext({ env: { METRICS_TOKEN } });
});
afterAll(() => ctx?.close());

function family(text: string, name: string) {
  const found = parsePrometheusTextFormat(text).find((f) => f.name === name);
  if (!found) throw new Error(`metric ${name} missing`);
  return found;
}

describe('GET /api/app/metrics', () => {
  it('refuses a visitor, a wrong token and a member who is not an admin', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: API.appMetrics })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: API.appMetrics, headers: { authorization: 'Bearer not-the-token' } })).statusCode).toBe(401);
    const created = await ctx.app.inject({
      method: 'POST',
      url: API.adminUsers,
      headers: ctx.admin,
      payload: { username: 'metrics-member', fullName: 'Member', email: 'metrics-member@example.com', password: 'MemberPass1!', admin: false },
    });
    expect(created.statusCode, created.body).toBe(201);
    const member = await ctx.login('metrics-member', 'MemberPass1!');
    expect((await ctx.app.inject({ method: 'GET', url: API.appMetrics, headers: member })).statusCode).toBe(403);
  });

  it('the token opens the metrics and nothing else', async () => {
    const recipes = await ctx.app.inject({ method: 'GET', url: API.recipes, headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(recipes.statusCode).toBe(401);
  });

  it('serves Prometheus text a parser reads: requests per route template, latency, jobs, subscribers, pool, backups, memory', async () => {
    const created = await ctx.app.inject({ method: 'POST', url: API.recipes, headers: ctx.admin, payload: { name: 'Metric soup' } });
    expect(created.statusCode).toBe(201);
    for (let i = 0; i < 3; i += 1) {
      expect((await ctx.app.inject({ method: 'GET', url: `/api/recipes/${created.json()}`, headers: ctx.admin })).statusCode).toBe(200);
    }
    await ctx.app.inject({ method: 'GET', url: '/api/recipes/no-such-soup', headers: ctx.admin });
    for (const cacheControl of ['', '', 'no-cache']) {
      const list = await ctx.app.inject({ method: 'GET', url: `${API.recipes}?page=1&perPage=5`, headers: { ...ctx.admin, 'cache-control': cacheControl } });
      expect(list.statusCode).toBe(200);
    }

    const response = await ctx.app.inject({ method: 'GET', url: API.appMetrics, headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.body;

    const requests = family(text, 'hearth_http_requests_total');
    expect(requests.type).toBe('COUNTER');
    const bySlug = requests.metrics.filter((m) => m.labels?.route === '/api/recipes/:slug' && m.labels.method === 'GET');
    expect(bySlug.find((m) => m.labels?.status === '200')?.value).toBe('3');
    expect(bySlug.find((m) => m.labels?.status === '404')?.value).toBe('1');
    // Raw URLs never become labels (one series per recipe would grow without end).
    expect(requests.metrics.some((m) => m.labels?.route?.includes('metric-soup'))).toBe(false);

    // The parser flattens a labelled histogram's series into one, so its lines are read as they are.
    expect(family(text, 'hearth_http_request_duration_seconds').type).toBe('HISTOGRAM');
    const series = '{method="GET",route="/api/recipes/:slug"}';
    expect(text).toContain(`hearth_http_request_duration_seconds_count${series} 4\n`);
    expect(text).toContain(`hearth_http_request_duration_seconds_bucket{le="10",method="GET",route="/api/recipes/:slug"} 4\n`);
    // Every line is a comment or a sample of the exposition format (Prometheus reads NaN in any case).
    const sample = /^[a-zA-Z_:][a-zA-Z0-9_:]*(\{([a-zA-Z_][a-zA-Z0-9_]*="(\\.|[^"\\])*",?)*\})? (-?[0-9.e+-]+|[Nn][Aa][Nn]|[+-]Inf)( -?\d+)?$/;
    for (const line of text.split('\n').filter(Boolean)) {
      if (!line.startsWith('#')) expect(line).toMatch(sample);
    }

    expect(family(text, 'hearth_jobs').type).toBe('GAUGE');
    // The recipe opened three times was read once (the missing one was looked for too); the list page sent twice
    // was computed once, then again on no-cache.
    const cached = family(text, 'hearth_read_cache_answers').metrics;
    const answers = (kind: string, result: string) => cached.find((m) => m.labels?.kind === kind && m.labels.result === result)?.value;
    expect([answers('documents', 'miss'), answers('documents', 'hit')]).toEqual(['2', '2']);
    expect([answers('pages', 'miss'), answers('pages', 'hit'), answers('pages', 'bypass')]).toEqual(['1', '1', '1']);
    const lag = family(text, 'hearth_event_subscriber_lag');
    expect(lag.type).toBe('GAUGE');
    expect(family(text, 'hearth_db_pool_connections').metrics.find((m) => m.labels?.state === 'open')).toBeTruthy();
    expect(family(text, 'hearth_backup_last_verified_timestamp_seconds').metrics[0].value).toBe('0');
    expect(family(text, 'hearth_backup_last_run_failed').metrics[0].value).toBe('0');
    expect(Number(family(text, 'hearth_process_resident_memory_bytes').metrics[0].value)).toBeGreaterThan(10 * 1024 * 1024);
  });

  it('an admin signed in may read them too, and a verified backup shows its time', async () => {
    const ran = await ctx.app.inject({ method: 'POST', url: API.adminBackupsScheduleRun, headers: ctx.admin });
    expect(ran.statusCode, ran.body).toBe(200);
    const response = await ctx.app.inject({ method: 'GET', url: API.appMetrics, headers: ctx.admin });
    expect(response.statusCode).toBe(200);
    const verifiedAt = Number(family(response.body, 'hearth_backup_last_verified_timestamp_seconds').metrics[0].value);
    expect(verifiedAt).toBeGreaterThan(Date.parse('2026-01-01') / 1000);
    const jobs = family(response.body, 'hearth_jobs').metrics;
    expect(jobs.every((m) => Number(m.value) >= 0)).toBe(true);
  });
});
