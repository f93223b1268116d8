import fs from 'node:fs';
import path from 'node:path';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestContext, type TestContext } from '../../test/harness.js';
import { purgeExportsSchedule } from './group-exports.js';
import { createRecipe, multipart, png, uploadImage, type Headers } from '../recipe-media/test-fixtures.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

function readZip(data: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(data, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('no zip'));
      const files = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        zip.openReadStream(entry, (streamErr, stream) => {
          if (streamErr || !stream) return reject(streamErr ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(files));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

async function exportToken(headers: Headers, slug: string): Promise<string> {
  const res = await ctx.app.inject({ method: 'POST', url: `/api/recipes/${slug}/exports`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token;
}

describe('single-recipe export', () => {
  it('zips <slug>.json in snake_case with original.webp at the root', async () => {
    const recipe = await createRecipe(ctx, ctx.admin, 'Zipped Pasta', { orgURL: 'https://example.com/p', recipeIngredient: [{ note: 'salt' }], extras: { myKey: 'v' } });
    await uploadImage(ctx, ctx.admin, recipe.slug, await png(64, 64));
    const token = await exportToken(ctx.admin, recipe.slug);
    const res = await ctx.app.inject({ method: 'GET', url: `/api/recipes/${recipe.slug}/exports/zip?token=${token}`, headers: ctx.admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain(`filename="${recipe.slug}.zip"`);
    const files = await readZip(res.rawPayload);
    expect([...files.keys()].sort()).toEqual(['original.webp', `${recipe.slug}.json`]);
    const json = JSON.parse(files.get(`${recipe.slug}.json`)!.toString('utf8'));
    expect(json).toMatchObject({ id: recipe.id, slug: recipe.slug, name: 'Zipped Pasta', org_url: 'https://example.com/p', extras: { myKey: 'v' } });
    expect(json.recipe_ingredient[0]).toMatchObject({ note: 'salt', is_food: false, reference_id: expect.any(String) });
    expect(json).toHaveProperty('user_id');
    expect(json).toHaveProperty('date_added');
    expect(json).not.toHaveProperty('recipeIngredient');
    expect(files.get('original.webp')!.equals((await ctx.deps.storage.read(`recipes/${recipe.id}/images/original.webp`))!)).toBe(true);

    const plain = await createRecipe(ctx, ctx.admin, 'No Image');
    const noImage = await ctx.app.inject({ method: 'GET', url: `/api/recipes/${plain.slug}/exports/zip?token=${await exportToken(ctx.admin, plain.slug)}`, headers: ctx.admin });
    expect([...(await readZip(noImage.rawPayload)).keys()]).toEqual([`${plain.slug}.json`]);
  });

  it('refuses a token for another recipe, a forged one, another group, and never accepts it as a login', async () => {
    const a = await createRecipe(ctx, ctx.admin, 'Token A');
    const b = await createRecipe(ctx, ctx.admin, 'Token B');
    const tokenA = await exportToken(ctx.admin, a.slug);
    const zip = (slug: string, token: string, headers: Headers = ctx.admin) =>
      ctx.app.inject({ method: 'GET', url: `/api/recipes/${slug}/exports/zip?token=${encodeURIComponent(token)}`, headers });

    expect((await zip(b.slug, tokenA)).statusCode).toBe(401);
    expect((await zip(a.slug, `${tokenA.slice(0, -3)}abc`)).statusCode).toBe(401);
    const loginToken = ctx.admin.authorization.replace('Bearer ', '');
    expect((await zip(a.slug, loginToken)).statusCode).toBe(401);
    const fileToken = await ctx.deps.tokens.fileToken('x');
    expect((await zip(a.slug, fileToken)).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/self', headers: { authorization: `Bearer ${tokenA}` } })).statusCode).toBe(401);

    // Same slug in another group: the token names the group it was issued in.
    const stranger = await createMember(ctx, { group: 'Export Strangers' });
    const theirs = await createRecipe(ctx, stranger.headers, 'Token A');
    expect(theirs.slug).toBe(a.slug);
    expect((await zip(a.slug, tokenA, stranger.headers)).statusCode).toBe(401);
    expect((await zip(a.slug, tokenA, {})).statusCode).toBe(401);
    expect((await zip(a.slug, tokenA)).statusCode).toBe(200);
  });

  it('zips a shared recipe for anyone holding a live share link', async () => {
    const recipe = await createRecipe(ctx, ctx.admin, 'Shared Zip');
    const share = (await ctx.app.inject({ method: 'POST', url: '/api/shared/recipes', headers: ctx.admin, payload: { recipeId: recipe.id } })).json();
    const res = await ctx.app.inject({ method: 'GET', url: `/api/recipes/shared/${share.id}/zip` });
    expect(res.statusCode).toBe(200);
    expect([...(await readZip(res.rawPayload)).keys()]).toEqual([`${recipe.slug}.json`]);
    await ctx.deps.db.updateTable('recipe_share_tokens').set({ expires_at: '2000-01-01T00:00:00.000Z' }).where('id', '=', share.id).execute();
    expect((await ctx.app.inject({ method: 'GET', url: `/api/recipes/shared/${share.id}/zip` })).statusCode).toBe(404);
  });

  it('lists the formats and answers the raw template with camelCase JSON', async () => {
    const formats = await ctx.app.inject({ method: 'GET', url: '/api/recipes/exports', headers: ctx.admin });
    expect(formats.json()).toEqual({ json: ['raw'], zip: ['zip'], jinja2: ['recipes.md'] });
    const recipe = await createRecipe(ctx, ctx.admin, 'Raw Export');
    const raw = await ctx.app.inject({ method: 'GET', url: `/api/recipes/${recipe.slug}/exports?template_name=raw`, headers: ctx.admin });
    expect(raw.statusCode).toBe(200);
    expect(raw.headers['content-disposition']).toContain(`${recipe.slug}.json`);
    expect(raw.json()).toMatchObject({ id: recipe.id, recipeIngredient: [], orgURL: null });
    const zip = await ctx.app.inject({ method: 'GET', url: `/api/recipes/${recipe.slug}/exports?template_name=zip`, headers: ctx.admin });
    expect([...(await readZip(zip.rawPayload)).keys()]).toEqual([`${recipe.slug}.json`]);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/recipes/${recipe.slug}/exports?template_name=nope.md`, headers: ctx.admin })).statusCode).toBe(404);
  });

  it('renders the recipes.md template: title, description, ingredient checklist, numbered steps, notes', async () => {
    const recipe = await createRecipe(ctx, ctx.admin, 'Markdown Stew');
    const patched = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/recipes/${recipe.slug}`,
      headers: ctx.admin,
      payload: {
        description: 'A warming stew.',
        recipeIngredient: [{ note: '2 carrots', title: 'Vegetables' }, { note: '1 onion' }],
        recipeInstructions: [{ text: 'Chop everything.' }, { text: 'Simmer for an hour.' }],
        notes: [{ title: 'Tip', text: 'Better the next day.' }],
      },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const md = await ctx.app.inject({ method: 'GET', url: `/api/recipes/${recipe.slug}/exports?template_name=recipes.md`, headers: ctx.admin });
    expect(md.statusCode, md.body).toBe(200);
    expect(md.headers['content-type']).toContain('text/markdown');
    expect(md.headers['content-disposition']).toContain(`${recipe.slug}.md`);
    expect(md.body).toContain('# Markdown Stew\n\nA warming stew.');
    expect(md.body).toContain('### Vegetables\n\n- [ ] 2 carrots\n- [ ] 1 onion');
    expect(md.body).toContain('1. Chop everything.\n\n2. Simmer for an hour.');
    expect(md.body).toContain('**Tip:** Better the next day.');
  });
});

describe('group exports and downloads', () => {
  it('writes a zip per export, lists it, hands out a file token for it and purges', async () => {
    const one = await createRecipe(ctx, ctx.admin, 'Bulk One');
    const two = await createRecipe(ctx, ctx.admin, 'Bulk Two');
    await uploadImage(ctx, ctx.admin, one.slug, await png(32, 32));
    const asset = multipart([{ name: 'name', value: 'Card' }, { name: 'icon', value: 'mdi-file' }, { name: 'extension', value: 'txt' }, { name: 'file', value: 'hello', filename: 'c.txt' }]);
    await ctx.app.inject({ method: 'POST', url: `/api/recipes/${two.slug}/assets`, headers: { ...ctx.admin, ...asset.headers }, payload: asset.payload });

    const res = await ctx.app.inject({ method: 'POST', url: '/api/recipes/bulk-actions/export', headers: ctx.admin, payload: { recipes: [one.slug, two.id], exportType: 'json' } });
    expect(res.statusCode, res.body).toBe(202);
    const created = res.json();
    expect(created).toMatchObject({ name: 'Data Export', filename: `${created.id}.zip`, path: `groups/${created.groupId}/export/${created.id}.zip` });
    expect(Date.parse(created.expires)).toBeGreaterThan(Date.now());
    const zipped = (await ctx.deps.storage.read(created.path))!;
    const files = await readZip(zipped);
    expect([...files.keys()].sort()).toEqual([
      `recipes/${one.slug}/${one.slug}.json`,
      `recipes/${one.slug}/images/min-original.webp`,
      `recipes/${one.slug}/images/original.webp`,
      `recipes/${one.slug}/images/tiny-original.webp`,
      `recipes/${two.slug}/assets/card.txt`,
      `recipes/${two.slug}/${two.slug}.json`,
    ]);
    expect(JSON.parse(files.get(`recipes/${two.slug}/${two.slug}.json`)!.toString()).assets).toEqual([{ name: 'Card', icon: 'mdi-file', file_name: 'card.txt' }]);

    const listed = await ctx.app.inject({ method: 'GET', url: '/api/recipes/bulk-actions/export', headers: ctx.admin });
    expect(listed.json()).toEqual([created]);
    const stranger = await createMember(ctx, { group: 'Download Strangers' });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/recipes/bulk-actions/export', headers: stranger.headers })).json()).toEqual([]);
    const foreign = await ctx.app.inject({ method: 'GET', url: `/api/recipes/bulk-actions/export/download?path=${encodeURIComponent(created.path)}`, headers: stranger.headers });
    expect(foreign.statusCode).toBe(404);
    const arbitrary = await ctx.app.inject({ method: 'GET', url: `/api/recipes/bulk-actions/export/download?path=${encodeURIComponent('/etc/passwd')}`, headers: ctx.admin });
    expect(arbitrary.statusCode).toBe(404);

    const tokenRes = await ctx.app.inject({ method: 'GET', url: `/api/recipes/bulk-actions/export/download?path=${encodeURIComponent(created.path)}`, headers: ctx.admin });
    expect(tokenRes.statusCode).toBe(200);
    const download = await ctx.app.inject({ method: 'GET', url: `/api/utils/download?token=${tokenRes.json().fileToken}` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toContain(`${created.id}.zip`);
    expect(download.rawPayload.equals(zipped)).toBe(true);
    const resumed = await ctx.app.inject({ method: 'GET', url: `/api/utils/download?token=${tokenRes.json().fileToken}`, headers: { range: 'bytes=10-' } });
    expect(resumed.statusCode).toBe(206);
    expect(resumed.rawPayload.equals(zipped.subarray(10))).toBe(true);

    const byId = await ctx.app.inject({ method: 'GET', url: `/api/recipes/bulk-actions/export/${created.id}/download`, headers: ctx.admin });
    expect(byId.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/utils/download?token=${byId.json().fileToken}` })).rawPayload.equals(zipped)).toBe(true);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/recipes/bulk-actions/export/${created.id}/download`, headers: stranger.headers })).statusCode).toBe(404);

    const purged = await ctx.app.inject({ method: 'DELETE', url: '/api/recipes/bulk-actions/export/purge', headers: ctx.admin });
    expect(purged.json()).toEqual({ message: 'Data exports purged', error: false });
    expect(await ctx.deps.storage.exists(created.path)).toBe(false);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/recipes/bulk-actions/export', headers: ctx.admin })).json()).toEqual([]);
  });

  it('hides expired exports until the purge schedule removes them, and refuses unknown recipes', async () => {
    const recipe = await createRecipe(ctx, ctx.admin, 'Expiring Export');
    const created = (await ctx.app.inject({ method: 'POST', url: '/api/recipes/bulk-actions/export', headers: ctx.admin, payload: { recipes: [recipe.slug] } })).json();
    await ctx.deps.db.withTables<{ group_data_exports: { id: string; expires: string } }>()
      .updateTable('group_data_exports').set({ expires: '2000-01-01T00:00:00.000Z' }).where('id', '=', created.id).execute();
    expect((await ctx.app.inject({ method: 'GET', url: '/api/recipes/bulk-actions/export', headers: ctx.admin })).json()).toEqual([]);
    await purgeExportsSchedule.run(ctx.deps);
    expect(await ctx.deps.storage.exists(created.path)).toBe(false);
    const unknown = await ctx.app.inject({ method: 'POST', url: '/api/recipes/bulk-actions/export', headers: ctx.admin, payload: { recipes: ['no-such-recipe'] } });
    expect(unknown.statusCode).toBe(404);
  });

  it('utils/download refuses forged tokens and names outside the storage, symlinks included', async () => {
    const download = (token: string) => ctx.app.inject({ method: 'GET', url: `/api/utils/download?token=${encodeURIComponent(token)}` });
    expect((await download(await ctx.deps.tokens.fileToken('/etc/passwd'))).statusCode).toBe(400);
    expect((await download(await ctx.deps.tokens.fileToken(path.join(ctx.dataDir, '..', 'outside.txt')))).statusCode).toBe(400);
    expect((await download(await ctx.deps.tokens.fileToken('../outside.txt'))).statusCode).toBe(400);
    expect((await download(await ctx.deps.tokens.fileToken('.secret'))).statusCode).toBe(400);
    if (ctx.deps.storage.kind === 'local') {
      const outside = path.join(path.dirname(ctx.dataDir), `hearth-outside-${path.basename(ctx.dataDir)}.txt`);
      fs.writeFileSync(outside, 'outside secret');
      try {
        fs.symlinkSync(outside, path.join(ctx.dataDir, 'link.txt'));
        const linked = await download(await ctx.deps.tokens.fileToken('link.txt'));
        expect(linked.statusCode).toBe(404);
        expect(linked.body).not.toContain('outside secret');
      } finally {
        fs.rmSync(outside, { force: true });
      }
    }
    expect((await download('not-a-token')).statusCode).toBe(401);
    expect((await download(ctx.admin.authorization.replace('Bearer ', ''))).statusCode).toBe(401);
    expect((await download(await ctx.deps.tokens.fileToken('missing.zip'))).statusCode).toBe(404);
    await ctx.deps.storage.put('inside.txt', Buffer.from('inside'));
    const ok = await download(await ctx.deps.tokens.fileToken('inside.txt'));
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('inside');
    // A token naming an absolute path inside DATA_DIR (as Mealie signs them) still finds the file by its key.
    expect((await download(await ctx.deps.tokens.fileToken(path.join(ctx.dataDir, 'inside.txt')))).body).toBe('inside');
  });
});
