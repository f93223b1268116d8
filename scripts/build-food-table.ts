/**
 * Builds Hearth's reference-food table from the USDA National Nutrient Database for Standard Reference,
 * Release 26 (public domain; U.S. Department of Agriculture, Agricultural Research Service).
 *
 *   npx tsx scripts/build-food-table.ts [path/to/nutrition]   (default: ../shared/data/nutrition)
 *
 * Writes server/food/data/reference-foods.tsv.gz: one line per food,
 *   NDB number, food group code, name, the eleven nutrition fields per 100 g (empty: not measured), measures
 * where measures are "description=grams per one" joined by "|" (e.g. "cup=227|tbsp=14.2|stick=113").
 * The first lines (starting with "#") name the source and the food groups.
 *
 * Kept: the food groups a home cook buys ingredients from; left out: baby foods, fast food, restaurant
 * dishes, ready meals, American Indian/Alaska Native foods, and branded products (a manufacturer is named).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const source = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../../shared/data/nutrition'));
const output = path.join(import.meta.dirname, '../server/food/data/reference-foods.tsv.gz');

const LEFT_OUT_GROUPS = new Set(['0300', '2100', '2200', '3500', '3600']);

/** Fields of one `^`-separated line with `~text~` fields unwrapped. */
function fields(line: string): string[] {
  return line.split('^').map((field) => (field.startsWith('~') && field.endsWith('~') ? field.slice(1, -1) : field));
}

function rows(file: string, encoding: BufferEncoding = 'latin1'): string[][] {
  return fs
    .readFileSync(path.join(source, file), encoding)
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .map(fields);
}

/** ASCII only (the server bundle and table stay ASCII): accents dropped, anything else removed. */
function ascii(text: string): string {
  return text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^\x20-\x7e]/g, '').replace(/[\t|=]/g, ' ').trim();
}

/** A number as written in the source, trimmed of trailing zeros; '' stays ''. */
function num(value: string | undefined): string {
  if (value === undefined || value.trim() === '') return '';
  const n = Number(value);
  if (!Number.isFinite(n)) return '';
  return String(Math.round(n * 1000) / 1000);
}

if (!fs.existsSync(path.join(source, 'ABBREV.txt'))) {
  console.error(`No USDA SR26 files at ${source} (ABBREV.txt, FOOD_DES.txt, WEIGHT.txt, FD_GROUP.txt)`);
  process.exit(1);
}

const groups = rows('FD_GROUP.txt').map(([code, name]) => [code, ascii(name)] as const);
const foods = new Map<string, { group: string; name: string }>();
for (const row of rows('FOOD_DES.txt')) {
  const [id, group, longDesc, , , manufacturer] = row;
  if (LEFT_OUT_GROUPS.has(group) || (manufacturer ?? '').trim() !== '') continue;
  foods.set(id, { group, name: ascii(longDesc) });
}

const measures = new Map<string, string[]>();
for (const [id, , amount, description, grams] of rows('WEIGHT.txt')) {
  if (!foods.has(id)) continue;
  const perOne = Number(grams) / Number(amount);
  if (!Number.isFinite(perOne) || perOne <= 0) continue;
  const name = ascii(description).replace(/\s+/g, ' ');
  const list = measures.get(id) ?? [];
  if (!list.some((entry) => entry.startsWith(`${name}=`))) list.push(`${name}=${num(String(perOne))}`);
  measures.set(id, list);
}

const lines: string[] = [
  '# USDA National Nutrient Database for Standard Reference, Release 26 (public domain). Built by scripts/build-food-table.ts',
  '# columns: id group name calories carbohydrate cholesterol fat fiber protein saturatedFat sodium sugar transFat unsaturatedFat measures',
  `# groups: ${groups.map(([code, name]) => `${code}=${name}`).join('|')}`,
];
for (const row of rows('ABBREV.txt')) {
  const id = row[0];
  const food = foods.get(id);
  if (!food) continue;
  const mono = num(row[45]);
  const poly = num(row[46]);
  const unsaturated = mono !== '' && poly !== '' ? num(String(Number(mono) + Number(poly))) : '';
  const nutrients = [
    num(row[3]), // Energ_Kcal
    num(row[7]), // Carbohydrt_(g)
    num(row[47]), // Cholestrl_(mg)
    num(row[5]), // Lipid_Tot_(g)
    num(row[8]), // Fiber_TD_(g)
    num(row[4]), // Protein_(g)
    num(row[44]), // FA_Sat_(g)
    num(row[15]), // Sodium_(mg)
    num(row[9]), // Sugar_Tot_(g)
    '', // trans fat: not in SR26's ABBREV
    unsaturated, // FA_Mono + FA_Poly
  ];
  lines.push([id, food.group, food.name, ...nutrients, (measures.get(id) ?? []).join('|')].join('\t'));
}

fs.mkdirSync(path.dirname(output), { recursive: true });
const bytes = zlib.gzipSync(Buffer.from(`${lines.join('\n')}\n`, 'ascii'), { level: 9 });
fs.writeFileSync(output, bytes);
console.log(`${lines.length - 3} foods, ${bytes.length} bytes -> ${path.relative(process.cwd(), output)}`);
