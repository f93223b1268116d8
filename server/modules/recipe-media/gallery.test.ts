import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../../contract/routes.js';
import { createMember, createTestContext, type TestContext } from '../../test/harness.js';
import { MEALIE_REVISIONS, mealieBackup } from '../../test/fixtures/mealie-backups.js';
import { TEST_STORAGE } from '../../test/s3.js';
import { hashPassword } from '../../platform/auth/passwords.js';
import { storedFiles } from '../backups/testing.js';
import { readZipEntries } from '../recipe-import/zip-reader.js';
import { MAX_EXTRA_IMAGE_BYTES } from './gallery.js';
import { createRecipe, multipart, png, setHouseholdLock, type Headers } from './test-fixtures.js';

/** Issue 41: a recipe's gallery and step images — upload, order, main, delete, media, backups and zip round trips. */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

interface ImagesBody {
  image: string | null;
  images: Array<{ id: string; stepId: string | null; position: number; folder: string }>;
}

async function addImage(headers: Headers, slug: string, data: Buffer, stepId?: string, filename = 'photo.png') {
  const parts = [{ name: 'image', value: data, filename, contentType: 'image/png' }, ...(stepId ? [{ name: 'stepId', value: stepId }] : [])];
  const body = multipart(parts);
  return ctx.app.inject({ method: 'POST', url: `/api/recipes/${slug}/images`, headers: { ...headers, ...body.headers }, payload: body.payload });
}

async function images(headers: Headers, slug: string): Promise<ImagesBody> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/recipes/${slug}/images`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const withSteps = { recipeInstructions: [{ text: 'Chop the onions.' }, { text: 'Fry them golden.' }] };

async function stepIds(headers: Headers, slug: string): Promise<string[]> {
  const recipe = (await ctx.app.inject({ method: 'GET', url: `/api/recipes/${slug}`, headers })).json();
  return recipe.recipeInstructions.map((s: { id: string }) => s.id);
}

async function media(url: string) {
  return ctx.app.inject({ method: 'GET', url });
}

async function backupNow(headers: Headers): Promise<{ name: string; data: Buffer }> {
  const made = await ctx.app.inject({ method: 'POST', url: API.adminBackups, headers });
  expect(made.statusCode, made.body).toBe(201);
  const list = (await ctx.app.inject({ method: 'GET', url: API.adminBackups, headers })).json() as { imports: Array<{ name: string; date: string }> };
  const names = list.imports.map((b) => b.name).sort();
  const name = names[names.length - 1];
  return { name, data: (await ctx.deps.storage.read(`backups/${name}`))! };
}

/** A zip's files under data/ (the media of a backup), name → base64. */
async function dataFiles(zip: Buffer): Promise<Record<string, string>> {
  const entries = await readZipEntries(zip, (n) => n.startsWith('data/'), { maxEntries: 5_000, maxEntryBytes: 50e6, maxTotalBytes: 200e6 });
  return Object.fromEntries(entries.map((e) => [e.name, e.data.toString('base64')]));
}

async function databaseJson(zip: Buffer): Promise<Record<string, Array<Record<string, unknown>>>> {
  const [entry] = await readZipEntries(zip, (n) => n.endsWith('database.json'), { maxEntries: 5_000, maxEntryBytes: 50e6, maxTotalBytes: 200e6 });
  return JSON.parse(entry.data.toString('utf8'));
}

describe('gallery and step images', () => {
  it(`runs on the storage this run chose (TEST_STORAGE=${TEST_STORAGE})`, () => {
    expect(ctx.deps.storage.kind).toBe(TEST_STORAGE);
  });

  it('the first gallery image becomes the main one; later ones and step images get three renditions of their own, served publicly', async () => {
    const recipe = await createRecipe(ctx, ctx.admin, 'Gallery Onions', withSteps);
    const [step1, step2] = await stepIds(ctx.admin, recipe.slug);

    const first = await addImage(ctx.admin, recipe.slug, await png(800, 600, '#aa0000'));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ image: expect.any(String), images: [] });
    expect(await ctx.deps.storage.exists(`recipes/${recipe.id}/images/original.webp`)).toBe(true);

    const second = await addImage(ctx.admin, recipe.slug, await png(3000, 1500, '#00aa00'));
    expect(second.statusCode, second.body).toBe(200);
    const step = await addImage(ctx.admin, recipe.slug, await png(400, 400, '#0000aa'), step2.toUpperCase());
    expect(step.statusCode, step.body).toBe(200);
    const list = step.json() as ImagesBody;
    expect(list.images.map((i) => i.stepId)).toEqual([null, step2]);
    const [gallery, stepImage] = list.images;
    expect(gallery.folder).toBe(`/api/media/recipes/${recipe.id}/images/gallery/${gallery.id}/`);
    expect(stepImage.folder).toBe(`/api/media/recipes/${recipe.id}/images/steps/${stepImage.id}/`);

    // The same three sizes as the main image (one pipeline).
    const sizes = { 'original.webp': [2048, 1024], 'min-original.webp': [600, 300], 'tiny-original.webp': [300, 300] } as const;
    for (const [name, [width, height]] of Object.entries(sizes)) {
      const res = await media(`${gallery.folder}${name}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toMatch(/max-age=\d{6,}/);
      expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'webp', width, height });
      expect((await media(`${stepImage.folder}${name}`)).statusCode).toBe(200);
    }
    // A step image is not served as a gallery one, and names outside the three renditions are not served.
    expect((await media(`/api/media/recipes/${recipe.id}/images/gallery/${stepImage.id}/original.webp`)).statusCode).toBe(404);
    expect((await media(`${gallery.folder}other.webp`)).statusCode).toBe(404);

    // Mealie's shape is untouched: the recipe still has one image and no new field.
    const read = (await ctx.app.inject({ method: 'GET', url: `/api/recipes/${recipe.slug}`, headers: ctx.admin })).json();
    expect(read.image).toBe(list.image);
    expect(Object.keys(read).filter((k) => /image/i.test(k))).toEqual(['image']);
    expect(step1).toBeTruthy();
  });

  it('reorders, makes a gallery image the main one (the old main goes back into the gallery) and deletes', async () => {
    const recipe = await createRecipe(ctx, ctx.admin, 'Gallery Order', withSteps);
    await addImage(ctx.admin, recipe.slug, await png(50, 50, '#111111'));
    const a = ((await addImage(ctx.admin, recipe.slug, await png(60, 50, '#222222'))).json() as ImagesBody).images[0];
    const b = ((await addImage(ctx.admin, recipe.slug, await png(70, 50, '#333333'))).json() as ImagesBody).images[1];
    const ordered = await ctx.app.inject({ method: 'PUT', url: `/api/recipes/${recipe.slug}/images`, headers: ctx.admin, payload: { order: [b.id] } });
    expect(ordered.statusCode, ordered.body).toBe(200);
    expect((ordered.json() as ImagesBody).images.map((i) => [i.id, i.position])).toEqual([[b.id, 0], [a.id, 1]]);

    const mainBefore = (await ctx.deps.storage.read(`recipes/${recipe.id}/images/original.webp`))!;
    const bOriginal = (await media(`${b.folder}original.webp`)).rawPayload;
    const before = await images(ctx.admin, recipe.slug);
    const main = await ctx.app.inject({ method: 'POST', url: `/api/recipes/${recipe.slug}/images/${b.id}/main`, headers: ctx.admin });
    expect(main.statusCode, main.body).toBe(200);
    const after = main.json() as ImagesBody;
    expect(after.image).not.toBe(before.image);
    expect((await ctx.deps.storage.read(`recipes/${recipe.id}/images/original.webp`))!.equals(bOriginal)).toBe(true);
    // The old main image is in b's place, under a new id (URLs of an id never change bytes).
    expect(after.images).toHaveLength(2);
    expect(after.images[0].id).not.toBe(b.id);
    expect(after.images[0].position).toBe(0);
    expect((await media(`${after.images[0].folder}original.webp`)).rawPayload.equals(mainBefore)).toBe(true);
    expect((await media(`${b.folder}original.webp`)).statusCode).toBe(404);

    const removed = await ctx.app.inject({ method: 'DELETE', url: `/api/recipes/${recipe.slug}/images/${a.id}`, headers: ctx.admin });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((removed.json() as ImagesBody).images.map((i) => i.id)).toEqual([after.images[0].id]);
    expect(await ctx.deps.storage.list(`recipes/${recipe.id}/images/gallery/${a.id}/`)).toEqual([]);
  });

  it('refuses bad input with a 4xx and an error key, writing nothing', async () => {
    const recipe = await createRecipe(ctx, ctx.admin, 'Gallery Refusals', withSteps);
    await addImage(ctx.admin, recipe.slug, await png(50, 50));
    const filesBefore = await storedFiles(ctx.deps.storage, `recipes/${recipe.id}/`);
    const expectRefused = async (res: Awaited<ReturnType<typeof addImage>>, status: number, message: RegExp) => {
      expect(res.statusCode, res.body).toBe(status);
      expect(JSON.stringify(res.json())).toMatch(message);
    };
    await expectRefused(await addImage(ctx.admin, recipe.slug, Buffer.from('<html>not an image</html>'), undefined, 'page.png'), 400, /not an image/i);
    await expectRefused(await addImage(ctx.admin, recipe.slug, Buffer.alloc(0)), 400, /empty/i);
    const big = Buffer.concat([await png(10, 10), Buffer.alloc(MAX_EXTRA_IMAGE_BYTES)]);
    await expectRefused(await addImage(ctx.admin, recipe.slug, big), 400, /larger than 15 MB/);
    await expectRefused(await addImage(ctx.admin, recipe.slug, await png(20, 20), '6f1e3c3a-7d7e-4a43-9b1f-000000000000'), 400, /Unknown step id/);
    const other = await createRecipe(ctx, ctx.admin, 'Other Steps', withSteps);
    const [otherStep] = await stepIds(ctx.admin, other.slug);
    await expectRefused(await addImage(ctx.admin, recipe.slug, await png(20, 20), otherStep), 400, /Unknown step id/);
    const noFile = multipart([{ name: 'stepId', value: '' }]);
    const missing = await ctx.app.inject({ method: 'POST', url: `/api/recipes/${recipe.slug}/images`, headers: { ...ctx.admin, ...noFile.headers }, payload: noFile.payload });
    expect(missing.statusCode).toBe(400);
    const notUuid = await ctx.app.inject({ method: 'DELETE', url: `/api/recipes/${recipe.slug}/images/nope`, headers: ctx.admin });
    expect(notUuid.statusCode).toBe(404);
    expect(notUuid.json().detail.message).toBe('Photo not found');
    const badOrder = await ctx.app.inject({ method: 'PUT', url: `/api/recipes/${recipe.slug}/images`, headers: ctx.admin, payload: { order: ['6f1e3c3a-7d7e-4a43-9b1f-000000000000'] } });
    expect(badOrder.statusCode).toBe(400);
    expect((await images(ctx.admin, recipe.slug)).images).toEqual([]);
    expect(await storedFiles(ctx.deps.storage, `recipes/${recipe.id}/`)).toEqual(filesBefore);

    // A step image cannot become the main one; the gallery and a step are not ordered together.
    const [s1] = await stepIds(ctx.admin, recipe.slug);
    const stepImage = ((await addImage(ctx.admin, recipe.slug, await png(30, 30), s1)).json() as ImagesBody).images[0];
    const galleryImage = ((await addImage(ctx.admin, recipe.slug, await png(30, 30))).json() as ImagesBody).images[0];
    expect((await ctx.app.inject({ method: 'POST', url: `/api/recipes/${recipe.slug}/images/${stepImage.id}/main`, headers: ctx.admin })).statusCode).toBe(400);
    const mixed = await ctx.app.inject({ method: 'PUT', url: `/api/recipes/${recipe.slug}/images`, headers: ctx.admin, payload: { order: [galleryImage.id, stepImage.id] } });
    expect(mixed.statusCode).toBe(400);
  });

  it('lets only members who may edit the recipe change its images; other groups see nothing', async () => {
    const recipe = await createRecipe(ctx, ctx.admin, 'Gallery Locked', withSteps);
    const neighbour = await createMember(ctx, { household: 'Neighbours' });
    const stranger = await createMember(ctx, { group: 'Strangers' });
    await setHouseholdLock(ctx, (await ctx.deps.db.selectFrom('recipes').select('household_id').where('id', '=', recipe.id).executeTakeFirstOrThrow()).household_id, true);
    expect((await addImage(neighbour.headers, recipe.slug, await png(20, 20))).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/recipes/${recipe.slug}/images`, headers: neighbour.headers })).statusCode).toBe(200);
    expect((await addImage(stranger.headers, recipe.slug, await png(20, 20))).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/recipes/${recipe.slug}/images`, headers: stranger.headers })).statusCode).toBe(404);
    expect((await addImage({}, recipe.slug, await png(20, 20))).statusCode).toBe(401);
    expect(await ctx.deps.storage.list(`recipes/${recipe.id}/`)).toEqual([]);
  });

  it('the images of a step removed from the recipe are no longer listed, and the next upload removes them', async () => {
    const recipe = await createRecipe(ctx, ctx.admin, 'Shrinking Steps', withSteps);
    const [step1, step2] = await stepIds(ctx.admin, recipe.slug);
    await addImage(ctx.admin, recipe.slug, await png(40, 40), step1);
    const gone = ((await addImage(ctx.admin, recipe.slug, await png(40, 40), step2)).json() as ImagesBody).images[1];
    const put = await ctx.app.inject({ method: 'PATCH', url: `/api/recipes/${recipe.slug}`, headers: ctx.admin, payload: { recipeInstructions: [{ id: step1, text: 'Chop the onions.' }] } });
    expect(put.statusCode, put.body).toBe(200);
    expect((await images(ctx.admin, recipe.slug)).images.map((i) => i.stepId)).toEqual([step1]);
    await addImage(ctx.admin, recipe.slug, await png(40, 40), step1);
    expect(await ctx.deps.db.selectFrom('recipe_images').select('id').where('id', '=', gone.id).execute()).toEqual([]);
    expect(await ctx.deps.storage.list(`recipes/${recipe.id}/images/steps/${gone.id}/`)).toEqual([]);
  });

  it('a duplicated recipe gets its own copies of the gallery and step images, under new ids', async () => {
    const recipe = await createRecipe(ctx, ctx.admin, 'Duplicated Gallery', withSteps);
    const [, step2] = await stepIds(ctx.admin, recipe.slug);
    await addImage(ctx.admin, recipe.slug, await png(50, 40, '#101010'));
    await addImage(ctx.admin, recipe.slug, await png(50, 40, '#202020'));
    await addImage(ctx.admin, recipe.slug, await png(50, 40, '#303030'), step2);
    const source = await images(ctx.admin, recipe.slug);
    const dup = await ctx.app.inject({ method: 'POST', url: `/api/recipes/${recipe.slug}/duplicate`, headers: ctx.admin, payload: { name: 'Duplicated Gallery Copy' } });
    expect(dup.statusCode, dup.body).toBe(201);
    const copy = await images(ctx.admin, dup.json().slug);
    const [, copyStep2] = await stepIds(ctx.admin, dup.json().slug);
    expect(copy.images.map((i) => i.stepId)).toEqual([null, copyStep2]);
    expect(copy.images.map((i) => i.id).filter((id) => source.images.some((s) => s.id === id))).toEqual([]);
    for (const [i, image] of copy.images.entries()) {
      expect((await media(`${image.folder}original.webp`)).rawPayload.equals((await media(`${source.images[i].folder}original.webp`)).rawPayload)).toBe(true);
    }
    // Nothing of the source's ids was left in the copy's folder.
    const keys = (await ctx.deps.storage.list(`recipes/${dup.json().id}/images/`)).map((f) => f.key);
    expect(keys.filter((k) => source.images.some((s) => k.includes(s.id)))).toEqual([]);
  });

  it('a recipe zip export carries every gallery and step image, and importing it puts each back in its place', async () => {
    const recipe = await createRecipe(ctx, ctx.admin, 'Exported Gallery', withSteps);
    const [, step2] = await stepIds(ctx.admin, recipe.slug);
    await addImage(ctx.admin, recipe.slug, await png(90, 60, '#445566'));
    await addImage(ctx.admin, recipe.slug, await png(80, 60, '#665544'));
    await addImage(ctx.admin, recipe.slug, await png(70, 60, '#556644'));
    await addImage(ctx.admin, recipe.slug, await png(60, 60, '#123123'), step2);
    const source = await images(ctx.admin, recipe.slug);

    const token = (await ctx.app.inject({ method: 'POST', url: `/api/recipes/${recipe.slug}/exports`, headers: ctx.admin })).json().token;
    const zip = await ctx.app.inject({ method: 'GET', url: `/api/recipes/${recipe.slug}/exports/zip?token=${encodeURIComponent(token)}`, headers: ctx.admin });
    expect(zip.statusCode).toBe(200);
    const entries = await readZipEntries(zip.rawPayload, () => true);
    expect(entries.map((e) => e.name).sort()).toEqual(['exported-gallery.json', 'original.webp', ...source.images.map((i) => `hearth-images/${i.id}.webp`)].sort());
    const json = JSON.parse(entries.find((e) => e.name.endsWith('.json'))!.data.toString('utf8'));
    expect(json.image).toBe(source.image);
    expect(json.hearth_images.map((i: { step_index: number | null }) => i.step_index)).toEqual([null, null, 1]);

    const body = multipart([{ name: 'archive', value: zip.rawPayload, filename: 'exported.zip', contentType: 'application/zip' }]);
    const pixel = async (url: string) => [...(await sharp((await media(url)).rawPayload).raw().toBuffer()).subarray(0, 3)];
    const sourcePixels = await Promise.all(source.images.map((i) => pixel(`${i.folder}tiny-original.webp`)));
    await ctx.app.inject({ method: 'DELETE', url: `/api/recipes/${recipe.slug}`, headers: ctx.admin });
    const imported = await ctx.app.inject({ method: 'POST', url: API.recipesCreateZip, headers: { ...ctx.admin, ...body.headers }, payload: body.payload });
    expect(imported.statusCode, imported.body).toBe(201);
    const slug = imported.json() as string;
    const copy = await images(ctx.admin, slug);
    const [, newStep2] = await stepIds(ctx.admin, slug);
    expect(copy.image).toBeTruthy();
    expect(copy.images.map((i) => i.stepId)).toEqual([null, null, newStep2]);
    // The same pictures in the same order: each import re-makes the renditions from the exported original.
    for (const [i, image] of copy.images.entries()) {
      const [was, now] = [sourcePixels[i], await pixel(`${image.folder}tiny-original.webp`)];
      expect(Math.abs(was[0] - now[0]) + Math.abs(was[1] - now[1]) + Math.abs(was[2] - now[2])).toBeLessThan(30); // webp twice; the colours differ by 68 or more
    }
  });

  it('a group data export holds the gallery and step images in the media layout, and its JSON says which step each is', async () => {
    const recipe = await createRecipe(ctx, ctx.admin, 'Group Exported Gallery', withSteps);
    const [, step2] = await stepIds(ctx.admin, recipe.slug);
    await addImage(ctx.admin, recipe.slug, await png(90, 60, '#445566')); // the first becomes the main image
    await addImage(ctx.admin, recipe.slug, await png(80, 60, '#665544'));
    await addImage(ctx.admin, recipe.slug, await png(60, 60, '#123123'), step2);
    const source = await images(ctx.admin, recipe.slug);
    expect(source.images).toHaveLength(2);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/recipes/bulk-actions/export', headers: ctx.admin, payload: { recipes: [recipe.slug], exportType: 'json' } });
    expect(res.statusCode, res.body).toBe(202);
    const entries = await readZipEntries((await ctx.deps.storage.read(res.json().path))!, () => true);
    const names = entries.map((e) => e.name);
    const json = JSON.parse(entries.find((e) => e.name === `recipes/${recipe.slug}/${recipe.slug}.json`)!.data.toString('utf8'));
    expect(json.hearth_images.map((i: { step_index: number | null }) => i.step_index)).toEqual([null, 1]);
    for (const [i, listed] of (json.hearth_images as Array<{ file: string }>).entries()) {
      expect(listed.file).toBe(`images/${i === 0 ? 'gallery' : 'steps'}/${source.images[i].id}/original.webp`);
      expect(names).toContain(`recipes/${recipe.slug}/${listed.file}`);
    }
  });

  it('a Hearth backup → restore → backup keeps every gallery and step image byte for byte', { timeout: 60_000 }, async () => {
    const recipe = await createRecipe(ctx, ctx.admin, 'Backed Up Gallery', withSteps);
    const [step1] = await stepIds(ctx.admin, recipe.slug);
    await addImage(ctx.admin, recipe.slug, await png(90, 60, '#445566'));
    await addImage(ctx.admin, recipe.slug, await png(80, 60, '#665544'));
    await addImage(ctx.admin, recipe.slug, await png(60, 60, '#123123'), step1);
    const listed = await images(ctx.admin, recipe.slug);
    expect(listed.images).toHaveLength(2);

    const first = await backupNow(ctx.admin);
    const firstFiles = await dataFiles(first.data);
    for (const image of listed.images) {
      const kind = image.stepId ? 'steps' : 'gallery';
      for (const name of ['original', 'min-original', 'tiny-original']) expect(firstFiles[`data/recipes/${recipe.id}/images/${kind}/${image.id}/${name}.webp`]).toBeTruthy();
    }
    expect((await databaseJson(first.data)).recipe_images.filter((r) => r.recipe_id === recipe.id)).toHaveLength(2);

    // Lose the recipe, restore, and back up again.
    await ctx.app.inject({ method: 'DELETE', url: `/api/recipes/${recipe.slug}`, headers: ctx.admin });
    const restored = await ctx.app.inject({ method: 'POST', url: `/api/admin/backups/${first.name}/restore`, headers: ctx.admin });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(await images(ctx.admin, recipe.slug)).toEqual(listed);
    for (const image of listed.images) expect((await media(`${image.folder}original.webp`)).statusCode).toBe(200);

    // Backups are named to the second: let the second one have a name of its own.
    await ctx.deps.storage.delete(`backups/${first.name}`);
    const second = await backupNow(ctx.admin);
    expect(await dataFiles(second.data)).toEqual(firstFiles);
    const rows = (db: Record<string, Array<Record<string, unknown>>>) => db.recipe_images.map((r) => JSON.stringify(r)).sort();
    expect(rows(await databaseJson(second.data))).toEqual(rows(await databaseJson(first.data)));
  });
});

describe('a Mealie backup restored and backed up again', () => {
  let mctx: TestContext;
  beforeAll(async () => {
    mctx = await createTestContext();
  });
  afterAll(async () => {
    await mctx?.close();
  });

  it('loses no picture or row Mealie had, and a gallery image added afterwards is backed up beside them', { timeout: 120_000 }, async () => {
    const backup = await mealieBackup(MEALIE_REVISIONS[MEALIE_REVISIONS.length - 1]);
    const body = multipart([{ name: 'archive', value: backup.data, filename: backup.file, contentType: 'application/zip' }]);
    expect((await mctx.app.inject({ method: 'POST', url: API.adminBackupsUpload, headers: { ...mctx.admin, ...body.headers }, payload: body.payload })).statusCode).toBe(200);
    const restored = await mctx.app.inject({ method: 'POST', url: `/api/admin/backups/${backup.file}/restore`, headers: mctx.admin });
    expect(restored.statusCode, restored.body).toBe(200);
    const admin = await mctx.deps.db.selectFrom('users').select(['id', 'username']).where('admin', '=', true).orderBy('created_at').executeTakeFirstOrThrow();
    await mctx.deps.db.updateTable('users').set({ password: await hashPassword('Restored-pw-1', mctx.config.signIn.bcryptCost), login_attemps: 0, locked_at: null }).where('id', '=', admin.id).execute();
    const auth = await mctx.login(admin.username, 'Restored-pw-1');

    const slug = (await mctx.deps.db.selectFrom('recipes').select('slug').where('id', '=', backup.recipeWithImage).executeTakeFirstOrThrow()).slug;
    const body2 = multipart([{ name: 'image', value: await png(40, 40), filename: 'more.png', contentType: 'image/png' }]);
    const added = await mctx.app.inject({ method: 'POST', url: `/api/recipes/${slug}/images`, headers: { ...auth, ...body2.headers }, payload: body2.payload });
    expect(added.statusCode, added.body).toBe(200);
    const [extra] = (added.json() as ImagesBody).images;

    const made = await mctx.app.inject({ method: 'POST', url: API.adminBackups, headers: auth });
    expect(made.statusCode, made.body).toBe(201);
    const name = ((await mctx.app.inject({ method: 'GET', url: API.adminBackups, headers: auth })).json() as { imports: Array<{ name: string }> }).imports
      .map((b) => b.name).filter((n) => n !== backup.file)[0];
    const again = (await mctx.deps.storage.read(`backups/${name}`))!;
    const mealieFiles = await dataFiles(backup.data);
    const ourFiles = await dataFiles(again);
    expect(Object.keys(mealieFiles).length).toBeGreaterThan(0);
    // Hidden files (Mealie's data/.PLACEHOLDER) are never stored (platform/storage/README.md).
    for (const [file, bytes] of Object.entries(mealieFiles)) if (!file.split('/').some((s) => s.startsWith('.'))) expect(ourFiles[file], file).toBe(bytes);
    expect(ourFiles[`data/recipes/${backup.recipeWithImage}/images/gallery/${extra.id}/original.webp`]).toBeTruthy();
    const ours = await databaseJson(again);
    for (const table of ['recipes', 'recipes_ingredients', 'recipe_instructions', 'users', 'groups']) {
      expect(ours[table]?.length ?? 0, table).toBeGreaterThanOrEqual(backup.database[table]?.length ?? 0);
    }
    expect(ours.recipe_images).toHaveLength(1);
  });
});
