import sharp from 'sharp';
import { expect } from 'vitest';
import type { TestContext } from '../../test/harness.js';
import { API } from '../../../contract/routes.js';

/** Test helpers shared by the tests of the recipe-media, comments, timeline, ratings, shares and exports areas. */

export type Headers = Record<string, string>;

export interface MultipartPart {
  name: string;
  value: string | Buffer;
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body and its content-type header. */
export function multipart(parts: MultipartPart[]): { payload: Buffer; headers: Headers } {
  const boundary = `hearth-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const file = part.filename !== undefined ? `; filename="${part.filename}"` : '';
    const type = part.filename !== undefined ? `\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${file}${type}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function png(width: number, height: number, background = '#e58325'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();
}

export async function createRecipe(ctx: TestContext, headers: Headers, name: string, extra: Record<string, unknown> = {}): Promise<{ id: string; slug: string }> {
  const created = await ctx.app.inject({ method: 'POST', url: API.recipes, headers, payload: { name, ...extra } });
  expect(created.statusCode, created.body).toBe(201);
  const slug = created.json() as string;
  const recipe = await ctx.app.inject({ method: 'GET', url: `/api/recipes/${slug}`, headers });
  expect(recipe.statusCode, recipe.body).toBe(200);
  return { id: recipe.json().id, slug };
}

export async function uploadImage(ctx: TestContext, headers: Headers, slug: string, data: Buffer) {
  const body = multipart([
    { name: 'image', value: data, filename: 'photo.png', contentType: 'image/png' },
    { name: 'extension', value: 'png' },
  ]);
  return ctx.app.inject({ method: 'PUT', url: `/api/recipes/${slug}/image`, headers: { ...headers, ...body.headers }, payload: body.payload });
}

export async function setHouseholdLock(ctx: TestContext, householdId: string, locks: boolean): Promise<void> {
  await ctx.deps.db
    .updateTable('household_preferences')
    .set({ lock_recipe_edits_from_other_households: locks })
    .where('household_id', '=', householdId)
    .execute();
}
