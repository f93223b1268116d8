import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillActionPlaceholders } from '../../../contract/automation.js';
import { startReceiver } from '../../test/fake-receiver.js';
import { createMember, createTestContext, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let member: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestContext({ outbound: { allowLoopback: true } });
  receiver = await startReceiver();
  member = (await createMember(ctx, { username: 'actions-member' })).headers;
});
afterAll(async () => {
  await receiver.close();
  await ctx.close();
});

const base = '/api/households/recipe-actions';

describe('recipe actions', () => {
  it('fills placeholders with §5 arithmetic (servings and yield quantity default 1, × scale)', () => {
    const recipe = { id: 'i-1', slug: 'soup', recipeServings: 4, recipeYieldQuantity: 0, recipeYield: 'bowls' };
    const url = fillActionPlaceholders('http://x/${id}/${slug}?s=${servings}&y=${yieldQuantity}&t=${yieldText}&u=${url}', recipe, 'http://h/g/home/r/soup', 1.5);
    expect(url).toBe('http://x/i-1/soup?s=6&y=1.5&t=bowls&u=http://h/g/home/r/soup');
    expect(fillActionPlaceholders('${servings}', { id: 'a', slug: 'b' }, '', 1 / 3)).toBe('0.333');
  });

  it('CRUD, listed by title, with validation and household scope', async () => {
    const create = (body: Record<string, unknown>, headers = ctx.admin) => ctx.app.inject({ method: 'POST', url: base, headers, payload: body });
    const b = await create({ actionType: 'link', title: 'Beta', url: 'https://example.com/?r=${slug}' });
    expect(b.statusCode, b.body).toBe(201);
    expect(b.json()).toMatchObject({ actionType: 'link', title: 'Beta', url: 'https://example.com/?r=${slug}' });
    expect((await create({ action_type: 'post', title: 'Alpha', url: 'https://example.com/hook' })).statusCode).toBe(201);
    expect((await create({ actionType: 'post', title: 'Bad', url: 'not a url' })).statusCode).toBe(422);
    expect((await create({ actionType: 'email', title: 'Bad', url: 'https://x' })).statusCode).toBe(422);
    expect((await create({ actionType: 'post', title: '', url: 'https://x' })).statusCode).toBe(422);
    // A member without canOrganize may use actions but not manage them.
    expect((await create({ actionType: 'post', title: 'Nope', url: 'https://x' }, member)).statusCode).toBe(403);

    const list = await ctx.app.inject({ method: 'GET', url: `${base}?page=1&perPage=-1`, headers: member });
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((a: { title: string }) => a.title)).toEqual(['Alpha', 'Beta']);

    const id = b.json().id;
    const put = await ctx.app.inject({ method: 'PUT', url: `${base}/${id}`, headers: ctx.admin, payload: { ...(b.json() as Record<string, unknown>), title: "Gamma" } });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().title).toBe('Gamma');
    const other = await createMember(ctx, { username: 'actions-other', household: 'Elsewhere' });
    expect((await ctx.app.inject({ method: 'GET', url: `${base}/${id}`, headers: other.headers })).statusCode).toBe(404);
    const del = await ctx.app.inject({ method: 'DELETE', url: `${base}/${id}`, headers: ctx.admin });
    expect(del.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: `${base}/${id}`, headers: ctx.admin })).statusCode).toBe(404);
  });

  it('triggers a post action: 202 at once, then POSTs {action, content} with placeholders filled at the scale', async () => {
    const recipe = await ctx.app.inject({ method: 'POST', url: '/api/recipes', headers: ctx.admin, payload: { name: 'Trigger Soup' } });
    const slug = recipe.json() as string;
    await ctx.app.inject({ method: 'PATCH', url: `/api/recipes/${slug}`, headers: ctx.admin, payload: { recipeServings: 3, recipeYieldQuantity: 2, recipeYield: 'loaves' } });
    const action = (await ctx.app.inject({
      method: 'POST', url: base, headers: ctx.admin,
      payload: { actionType: 'post', title: 'Send', url: `${receiver.base}/hook/\${slug}?servings=\${servings}&yield=\${yieldQuantity}&text=\${yieldText}&url=\${url}` },
    })).json();
    // A slow receiver does not delay the answer.
    receiver.setResponder(() => ({ status: 200, delayMs: 1500 }));
    const started = Date.now();
    const res = await ctx.app.inject({ method: 'POST', url: `${base}/${action.id}/trigger/${slug}`, headers: member, payload: { scaledAmount: 6 } }); // 3 servings at scale 2
    expect(res.statusCode, res.body).toBe(202);
    expect(Date.now() - started).toBeLessThan(1000);
    await receiver.waitFor(1);
    const got = receiver.received[0];
    expect(got.method).toBe('POST');
    expect(got.path).toBe(`/hook/${slug}?servings=6&yield=4&text=loaves&url=http://hearth.test/g/home/r/${slug}`);
    expect(got.headers['content-type']).toBe('application/json');
    const body = JSON.parse(got.body);
    expect(body.action).toMatchObject({ id: action.id, title: 'Send', actionType: 'post' });
    expect(body.content).toMatchObject({ slug, name: 'Trigger Soup', recipeServings: 3 });
    expect(body.recipeScale).toBe(2);
    receiver.setResponder(() => ({ status: 200 }));
  });

  it('refuses to trigger a link action, an unknown recipe or another household\'s action', async () => {
    const link = (await ctx.app.inject({ method: 'POST', url: base, headers: ctx.admin, payload: { actionType: 'link', title: 'Open', url: 'https://example.com/${slug}' } })).json();
    const slug = (await ctx.app.inject({ method: 'POST', url: '/api/recipes', headers: ctx.admin, payload: { name: 'Link Soup' } })).json();
    expect((await ctx.app.inject({ method: 'POST', url: `${base}/${link.id}/trigger/${slug}`, headers: ctx.admin, payload: { scaledAmount: 1 } })).statusCode).toBe(400);
    const post = (await ctx.app.inject({ method: 'POST', url: base, headers: ctx.admin, payload: { actionType: 'post', title: 'P', url: `${receiver.base}/x` } })).json();
    expect((await ctx.app.inject({ method: 'POST', url: `${base}/${post.id}/trigger/no-such-recipe`, headers: ctx.admin, payload: {} })).statusCode).toBe(404);
    const other = await ctx.login('actions-other', 'Sup3r-Secret-pw');
    expect((await ctx.app.inject({ method: 'POST', url: `${base}/${post.id}/trigger/${slug}`, headers: other, payload: {} })).statusCode).toBe(404);
  });
});
