#!/usr/bin/env node
// Writes the fixtures the tests generate (server/test/fixtures/) to a folder, to look at or to try by hand:
// a Mealie backup per schema revision and an export per migration source, all made from the documented
// formats with data of our own (no file of ../shared is read or copied).
//   node --import tsx scripts/make-fixtures.ts [out-dir]     (default: ./fixtures-out)
import fs from 'node:fs';
import path from 'node:path';
import { appExports } from '../server/test/fixtures/app-exports.js';
import { MEALIE_REVISIONS, mealieBackup } from '../server/test/fixtures/mealie-backups.js';

const out = path.resolve(process.argv[2] ?? 'fixtures-out');
fs.mkdirSync(path.join(out, 'backups'), { recursive: true });
fs.mkdirSync(path.join(out, 'migrations'), { recursive: true });
for (const revision of MEALIE_REVISIONS) {
  const backup = await mealieBackup(revision);
  fs.writeFileSync(path.join(out, 'backups', backup.file), backup.data);
  console.log(`backups/${backup.file}: ${backup.recipes} recipes, ${Object.keys(backup.database).length} tables`);
}
for (const generated of await appExports()) {
  fs.writeFileSync(path.join(out, 'migrations', `${generated.type}-${generated.file}`), generated.data);
  console.log(`migrations/${generated.type}-${generated.file}: ${generated.recipes} recipes, ${generated.images} pictures`);
}
