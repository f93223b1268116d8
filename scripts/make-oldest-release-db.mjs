#!/usr/bin/env node
// Writes server/test/fixtures/oldest-release.json: a database made by Hearth's first release (commit 11cf9fd,
// migrations 0001-0006) through that release's own API, as rows per table in the order it created them.
// server/db/upgrade.test.ts loads it into that schema on SQLite and PostgreSQL and migrates to today.
// Run from a checkout with node_modules installed:  node scripts/make-oldest-release-db.mjs
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const RELEASE = '11cf9fd';
const root = path.resolve(import.meta.dirname, '..');
const tree = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-oldest-'));
const out = path.join(root, 'server/test/fixtures/oldest-release.json');
const generator = `import fs from 'node:fs';
import Database from 'better-sqlite3';
import { it, expect } from 'vitest';
import { createTestContext } from '../test/harness.js';

it('writes the oldest release database', async () => {
  const ctx = await createTestContext();
  const a = ctx.admin;
  const post = async (url: string, payload: unknown, headers = a) => {
    const r = await ctx.app.inject({ method: 'POST', url, headers, payload: payload as object });
    expect(r.statusCode, \`\${url} \${r.body}\`).toBeLessThan(300);
    return r.json();
  };
  const member = await post('/api/admin/users', { username: 'olive', fullName: 'Olive Oldest', email: 'olive@example.com', password: 'Oldest-Release-1', admin: false, canOrganize: true });
  const olive = await ctx.login('olive', 'Oldest-Release-1');
  const flour = await post('/api/foods', { name: 'flour', pluralName: 'flours', description: 'wheat flour' }, olive);
  const butter = await post('/api/foods', { name: 'unsalted butter' }, olive);
  const cup = await post('/api/units', { name: 'cup', pluralName: 'cups', abbreviation: 'c' }, olive);
  const category = await post('/api/organizers/categories', { name: 'Baking' }, olive);
  const tag = await post('/api/organizers/tags', { name: 'Sweet' }, olive);
  const slug = await post('/api/recipes', { name: 'Grandmother’s Shortbread' }, olive);
  const recipe = (await ctx.app.inject({ method: 'GET', url: \`/api/recipes/\${slug}\`, headers: olive })).json();
  const put = await ctx.app.inject({
    method: 'PUT', url: \`/api/recipes/\${slug}\`, headers: olive,
    payload: {
      ...recipe,
      description: 'Three ingredients, kept since the first release.',
      recipeYield: '16 pieces', recipeServings: 16, totalTime: '1 hour',
      recipeCategory: [category], tags: [tag],
      recipeIngredient: [
        { quantity: 2, unit: cup, food: flour, note: 'sifted', display: '2 cups flour, sifted', originalText: '2 cups flour, sifted' },
        { quantity: 1, unit: cup, food: butter, note: 'softened', display: '1 cup unsalted butter, softened', originalText: '1 cup unsalted butter, softened' },
        { quantity: 0.5, unit: cup, food: null, note: 'sugar', display: '½ cup sugar', originalText: '½ cup sugar' },
      ],
      recipeInstructions: [{ text: 'Cream the butter and sugar.' }, { text: 'Work in the flour, press into a tin and bake at 160 °C for 40 minutes.' }],
      notes: [{ title: 'Tip', text: 'Cut while warm.' }],
      nutrition: { calories: '180', fatContent: '10' },
    },
  });
  expect(put.statusCode, put.body).toBe(200);
  await post(\`/api/recipes/\${slug}/comments\`, { recipeId: recipe.id, text: 'Best with tea.' }, olive).catch(() => undefined);
  await post('/api/recipes', { name: 'Plain Toast' }, a);
  const raw = new Database(\`\${ctx.dataDir}/hearth.db\`, { readonly: true });
  const tables = raw.prepare("SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'recipe_search%' ORDER BY rowid").all() as { name: string }[];
  const out = tables.map(({ name }) => ({ table: name, rows: raw.prepare(\`SELECT * FROM "\${name}"\`).all() }));
  raw.close();
  fs.writeFileSync(process.env.OLDEST_RELEASE_OUT!, JSON.stringify({ release: '11cf9fd', migrations: out.find((t) => t.table === 'hearth_migrations')?.rows, tables: out.filter((t) => t.table !== 'hearth_migrations' && t.rows.length > 0) }, null, 1));
  await ctx.close();
}, 120000);
`;

execFileSync('git', ['worktree', 'add', '--detach', tree, RELEASE], { cwd: root, stdio: 'inherit' });
try {
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(tree, 'node_modules'));
  fs.mkdirSync(path.join(tree, 'server/oldest'), { recursive: true });
  fs.writeFileSync(path.join(tree, 'server/oldest/gen.test.ts'), generator);
  execFileSync(process.execPath, [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', 'server/oldest/gen.test.ts'], {
    cwd: tree,
    stdio: 'inherit',
    env: { ...process.env, OLDEST_RELEASE_OUT: out },
  });
  console.log(`wrote ${path.relative(root, out)}`);
} finally {
  execFileSync('git', ['worktree', 'remove', '--force', tree], { cwd: root, stdio: 'inherit' });
}
