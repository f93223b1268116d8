import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { measureInitialJs } from '../scripts/initial-js.js';

// Reads the build the browser suite runs against (npm test builds dist/web right before this suite), so the
// budget costs no extra build. Issue 19: the first screen's JavaScript stays under 200 KiB brotli.
const DIST = path.resolve(import.meta.dirname, '../dist/web');
const BUDGET_KIB = 200;
const built = fs.existsSync(path.join(DIST, 'index.html'));
if (!built) console.warn(`initial JS budget not checked: ${DIST}/index.html is missing (run \`npx vite build\`)`);

// MUI components a first screen never shows: they open on a click (menus, dialogs, tooltips, the phone's
// drawer) or belong to one page (the recipe card's rating). Their definitions carry `name: 'Mui…'`.
const AFTER_USER_ACTION = ['MuiTooltip', 'MuiPopper', 'MuiPopover', 'MuiMenu', 'MuiDialog', 'MuiModal', 'MuiDrawer', 'MuiRating'];

describe.skipIf(!built)('the web app’s first download', () => {
  const measured = built ? measureInitialJs(DIST) : null;
  const listing = () =>
    (measured?.files ?? []).map((f) => `  ${f.file}: ${(f.brotli / 1024).toFixed(1)} KiB brotli (${(f.bytes / 1024).toFixed(0)} KiB raw)`).join('\n');

  it(`loads under ${BUDGET_KIB} KiB of JavaScript (brotli) before the first screen`, () => {
    expect(measured, 'index.html lists no scripts').not.toBeNull();
    expect(measured!.brotliKiB, `initial JS is ${measured!.brotliKiB} KiB brotli / ${measured!.gzipKiB} KiB gzip:\n${listing()}`).toBeLessThan(BUDGET_KIB);
  });

  it('leaves menus, dialogs, tooltips, the drawer and the recipe card out of it', () => {
    const code = measured!.files.map((f) => fs.readFileSync(path.join(DIST, f.file), 'utf8')).join('\n');
    const found = AFTER_USER_ACTION.filter((name) => new RegExp(`name:\\s*["'\`]${name}["'\`]`).test(code));
    expect(found, `first-load chunks define ${found.join(', ')}:\n${listing()}`).toEqual([]);
  });
});
