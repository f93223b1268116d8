/**
 * Reference foods: a compact table built by scripts/build-food-table.ts from the USDA National Nutrient
 * Database for Standard Reference, Release 26 (public domain). Read and parsed on first use, then kept.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { APP_ROOT } from '../paths.js';

export const REFERENCE_SOURCE = 'USDA National Nutrient Database for Standard Reference, Release 26 (public domain)';

/** The spec's eleven nutrition fields, in Mealie's names. */
export const NUTRIENT_KEYS = [
  'calories', 'carbohydrateContent', 'cholesterolContent', 'fatContent', 'fiberContent', 'proteinContent',
  'saturatedFatContent', 'sodiumContent', 'sugarContent', 'transFatContent', 'unsaturatedFatContent',
] as const;
export type NutrientKey = (typeof NUTRIENT_KEYS)[number];
/** Per 100 g; null: not measured (never read as zero). */
export type Nutrients = Record<NutrientKey, number | null>;

export interface Measure {
  /** USDA's household measure ("cup", "tbsp", "large", "cup, chopped"). */
  name: string;
  /** Grams of one of it. */
  grams: number;
}

export interface ReferenceFood {
  id: string;
  groupCode: string;
  name: string;
  per100g: Nutrients;
  measures: Measure[];
}

interface Table {
  foods: Map<string, ReferenceFood>;
  groups: Map<string, string>;
  /** Lower-cased names, for searching. */
  lowerNames: Array<[string, ReferenceFood]>;
}

let table: Table | undefined;

export const REFERENCE_TABLE_PATH = path.join(APP_ROOT, 'server/food/data/reference-foods.tsv.gz');

function parseNumber(text: string): number | null {
  if (text === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

function load(): Table {
  const text = zlib.gunzipSync(fs.readFileSync(REFERENCE_TABLE_PATH)).toString('latin1');
  const foods = new Map<string, ReferenceFood>();
  const groups = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (line === '') continue;
    if (line.startsWith('# groups: ')) {
      for (const entry of line.slice('# groups: '.length).split('|')) {
        const [code, name] = entry.split('=');
        groups.set(code, name);
      }
      continue;
    }
    if (line.startsWith('#')) continue;
    const parts = line.split('\t');
    const per100g = {} as Nutrients;
    NUTRIENT_KEYS.forEach((key, index) => {
      per100g[key] = parseNumber(parts[3 + index]);
    });
    const measures = (parts[14] ?? '')
      .split('|')
      .filter(Boolean)
      .map((entry) => {
        const at = entry.lastIndexOf('=');
        return { name: entry.slice(0, at), grams: Number(entry.slice(at + 1)) };
      });
    foods.set(parts[0], { id: parts[0], groupCode: parts[1], name: parts[2], per100g, measures });
  }
  return { foods, groups, lowerNames: [...foods.values()].map((food) => [food.name.toLowerCase(), food]) };
}

function current(): Table {
  table ??= load();
  return table;
}

export function referenceFood(id: string | null | undefined): ReferenceFood | undefined {
  return id ? current().foods.get(id) : undefined;
}

export function foodGroupName(code: string): string {
  return current().groups.get(code) ?? code;
}

export function referenceFoodCount(): number {
  return current().foods.size;
}

/**
 * Reference foods whose name holds every word of `query` (case ignored), the shortest names first
 * (a raw, plain food before its prepared variants).
 */
export function searchReferenceFoods(query: string, limit = 20): ReferenceFood[] {
  const words = query.toLowerCase().split(/[\s,]+/).filter(Boolean);
  if (words.length === 0) return [];
  const hits: ReferenceFood[] = [];
  for (const [name, food] of current().lowerNames) {
    if (words.every((word) => name.includes(word))) hits.push(food);
  }
  hits.sort((a, b) => a.name.length - b.name.length || a.id.localeCompare(b.id));
  return hits.slice(0, limit);
}
