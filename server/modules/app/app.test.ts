import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { THEME_DARK_PRIMARY: '#123456' } });
});
afterAll(async () => ctx?.close());

describe('app', () => {
  it('about has every AppInfo field', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/app/about' });
    expect(res.json()).toEqual({
      production: true,
      version: expect.any(String),
      demoStatus: false,
      allowSignup: false,
      defaultGroupSlug: 'home',
      defaultHouseholdSlug: 'family',
      enableOidc: false,
      oidcRedirect: false,
      oidcProviderName: 'OAuth',
      enableOpenai: false,
      enableOpenaiImageServices: false,
      allowPasswordLogin: true,
      tokenTime: 48,
    });
  });

  it('theme comes from the environment and may be cached for a week', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/app/about/theme' });
    expect(res.json()).toMatchObject({ lightPrimary: '#E58325', darkPrimary: '#123456' });
    expect(res.headers['cache-control']).toBe('public, max-age=604800');
  });

  it('startup-info says first login until the default admin password is changed', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/app/about/startup-info' })).json()).toEqual({ isFirstLogin: true, isDemo: false });
    await ctx.app.inject({ method: 'PUT', url: '/api/users/password', headers: ctx.admin, payload: { currentPassword: 'MyPassword', newPassword: 'a-much-better-password' } });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/app/about/startup-info' })).json()).toEqual({ isFirstLogin: false, isDemo: false });
  });

  it('admin about reports the database and hides its password', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/about', headers: ctx.admin });
    expect(res.json().dbType).toBe(ctx.deps.engine);
    expect(res.json().dbUrl).not.toMatch(/:[^:@/*]+@/);
  });

  it('serves the OpenAPI document generated from the route schemas, and /docs', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/users/self', '/api/households/preferences', '/api/admin/users']));
    expect(doc.paths['/api/users/self'].get.responses['200']).toBeTruthy();
    // Swagger UI loads on the first visit (platform/api-docs.ts) and shows this app's document.
    const docs = await ctx.app.inject({ method: 'GET', url: '/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toContain('text/html');
    const shown = await ctx.app.inject({ method: 'GET', url: '/docs/json' });
    expect(shown.statusCode).toBe(200);
    expect(Object.keys(shown.json().paths)).toEqual(Object.keys(doc.paths));
    const script = await ctx.app.inject({ method: 'GET', url: '/docs/static/swagger-ui-bundle.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.body).toContain('SwaggerUIBundle');
    const etag = script.headers.etag;
    expect(etag).toBeTruthy();
    const again = await ctx.app.inject({ method: 'GET', url: '/docs/static/swagger-ui-bundle.js', headers: { 'if-none-match': String(etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const missing = await ctx.app.inject({ method: 'GET', url: '/docs/static/no-such-file.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Not Found' });
  });

  it('unknown API paths are a JSON 404', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not Found' });
  });
});
