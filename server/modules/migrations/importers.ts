import type YAML from 'yaml';
import { badRequest } from '../../platform/errors.js';
import type { ZipEntryData } from '../recipe-import/zip-reader.js';
import {
  baseFolder, firstImage, gunzipJson, imageIn, isZip, lines, minutes, parseCsv, ratingOf, readAll, splitList, stem, text,
  type MigrationItem,
} from './sources.js';
import { cheerioLoad } from '../../lazy.js';
import { lazyRequire } from '../../lazy.js';

// Only the Chowdown importer reads YAML front matter.
const loadYaml = lazyRequire<typeof YAML>('yaml');

/**
 * One reader per app Mealie migrates from (SupportedMigrations): each turns the app's export into
 * schema.org Recipe objects plus organizers, picture and rating. Mapping facts from the reference §6.
 */
export const SUPPORTED_MIGRATIONS = ['nextcloud', 'chowdown', 'copymethat', 'paprika', 'mealie_alpha', 'tandoor', 'plantoeat', 'myrecipebox', 'recipekeeper'] as const;
export type MigrationType = (typeof SUPPORTED_MIGRATIONS)[number];

type Reader = (archive: Buffer) => Promise<MigrationItem[]>;

function failed(name: string, error: unknown): MigrationItem {
  return { name, error: error instanceof Error ? error.message : String(error) };
}

async function zipEntries(archive: Buffer, what: string): Promise<ZipEntryData[]> {
  if (!isZip(archive)) throw badRequest('migrations.export-is-a-zip-file', { what });
  return readAll(archive);
}

/** Entries grouped by their folder (relative to the base). */
function byFolder(entries: ZipEntryData[], base: string): Map<string, ZipEntryData[]> {
  const out = new Map<string, ZipEntryData[]>();
  for (const e of entries) {
    if (!e.name.startsWith(base)) continue;
    const rel = e.name.slice(base.length);
    const folder = rel.includes('/') ? rel.slice(0, rel.lastIndexOf('/')) : '';
    let list = out.get(folder);
    if (!list) out.set(folder, (list = []));
    list.push(e);
  }
  return out;
}

const nextcloud: Reader = async (archive) => {
  const entries = await zipEntries(archive, 'Nextcloud Cookbook');
  const items: MigrationItem[] = [];
  for (const [folder, files] of byFolder(entries, baseFolder(entries))) {
    const json = files.find((f) => f.name.endsWith('.json'));
    if (!json) continue;
    try {
      const recipe = JSON.parse(json.data.toString('utf8'));
      items.push({
        name: text(recipe.name) || folder,
        recipe: { ...recipe, keywords: undefined },
        tags: splitList(Array.isArray(recipe.keywords) ? recipe.keywords.join(',') : recipe.keywords),
        categories: splitList(recipe.recipeCategory),
        image: firstImage(files, /(^|\/)full\.[a-z]+$/i),
        imageUrl: null,
        rating: null,
      });
    } catch (error) {
      items.push(failed(folder, error));
    }
  }
  return items;
};

const chowdown: Reader = async (archive) => {
  const entries = await zipEntries(archive, 'Chowdown');
  const items: MigrationItem[] = [];
  for (const entry of entries.filter((e) => /(^|\/)_recipes\/[^/]+\.md$/.test(e.name))) {
    try {
      const source = entry.data.toString('utf8');
      const match = /^---\s*\n([\s\S]*?)\n---\s*\n?([\s\S]*)$/.exec(source);
      if (!match) throw new Error('No front matter');
      const front = loadYaml().parse(match[1]) as Record<string, unknown>;
      const list = (v: unknown) => (Array.isArray(v) ? v.map(String) : lines(v));
      items.push({
        name: text(front.title) || stem(entry.name),
        recipe: { '@type': 'Recipe', name: text(front.title) || stem(entry.name), description: match[2].trim(), recipeIngredient: list(front.ingredients), recipeInstructions: list(front.directions), recipeYield: text(front.yield) || undefined },
        tags: splitList(front.tags),
        categories: [],
        image: imageIn(entries, front.image ? `images/${text(front.image)}` : null),
        imageUrl: null,
        rating: null,
      });
    } catch (error) {
      items.push(failed(stem(entry.name), error));
    }
  }
  return items;
};

const copymethat: Reader = async (archive) => {
  const entries = await zipEntries(archive, 'Copy Me That');
  const items: MigrationItem[] = [];
  for (const page of entries.filter((e) => e.name.endsWith('.html'))) {
    const $ = cheerioLoad(page.data.toString('utf8'));
    $('div.recipe').each((_i, el) => {
      const r = $(el);
      const name = r.find('#name').text().trim();
      try {
        const items$ = (sel: string) => r.find(sel).map((_j, li) => $(li).text().trim()).get().filter(Boolean);
        items.push({
          name,
          recipe: {
            '@type': 'Recipe',
            name,
            description: r.find('#description').text().trim(),
            recipeIngredient: items$('#recipeIngredients li'),
            recipeInstructions: items$('#recipeInstructions li'),
            recipeYield: r.find('#recipeYield').text().trim() || undefined,
            url: r.find('#original_link').attr('href') ?? undefined,
          },
          tags: r.find('span.recipeCategory').map((_j, s) => $(s).text().trim()).get().filter(Boolean),
          categories: [],
          image: imageIn(entries, r.find('img.recipeImage').attr('src')),
          imageUrl: null,
          rating: ratingOf(r.find('#ratingValue').text()),
        });
        const notes = items$('#recipeNotes li, #recipeNotes .recipeNote');
        if (notes.length) (items[items.length - 1] as { recipe: Record<string, unknown> }).recipe.notes = notes;
      } catch (error) {
        items.push(failed(name || 'recipe', error));
      }
    });
  }
  return items;
};

const paprika: Reader = async (archive) => {
  const entries = await zipEntries(archive, 'Paprika');
  // A .paprikarecipes file is a zip of .paprikarecipe entries (each gzipped JSON).
  const items: MigrationItem[] = [];
  for (const entry of entries.filter((e) => e.name.endsWith('.paprikarecipe'))) {
    try {
      const p = gunzipJson(entry.data);
      const photo = text(p.photo_data);
      items.push({
        name: text(p.name),
        recipe: {
          '@type': 'Recipe',
          name: text(p.name),
          description: text(p.description),
          recipeIngredient: lines(p.ingredients),
          recipeInstructions: text(p.directions),
          prepTime: text(p.prep_time) || undefined,
          cookTime: text(p.cook_time) || undefined,
          totalTime: text(p.total_time) || undefined,
          recipeYield: text(p.servings) || undefined,
          url: text(p.source_url) || undefined,
          notes: text(p.notes) ? [text(p.notes)] : undefined,
          nutrition: text(p.nutritional_info) ? { calories: text(p.nutritional_info).slice(0, 100) } : undefined,
        },
        tags: [],
        categories: Array.isArray(p.categories) ? p.categories.map(String) : [],
        image: photo ? Buffer.from(photo, 'base64') : null,
        imageUrl: photo ? null : text(p.image_url) || null,
        rating: ratingOf(p.rating),
      });
    } catch (error) {
      items.push(failed(stem(entry.name), error));
    }
  }
  return items;
};

const mealieAlpha: Reader = async (archive) => {
  const entries = await zipEntries(archive, 'Mealie (pre-1.0)');
  const items: MigrationItem[] = [];
  for (const entry of entries.filter((e) => /(^|\/)recipes\/[^/]+\/[^/]+\.json$/.test(e.name))) {
    const folder = entry.name.slice(0, entry.name.lastIndexOf('/') + 1);
    try {
      const r = JSON.parse(entry.data.toString('utf8')) as Record<string, unknown>;
      const names = (v: unknown) => (Array.isArray(v) ? v.map((x) => (typeof x === 'string' ? x : text((x as { name?: unknown }).name))).filter(Boolean) : []);
      const ingredients = Array.isArray(r.recipe_ingredient ?? r.recipeIngredient ?? r.ingredients) ? ((r.recipe_ingredient ?? r.recipeIngredient ?? r.ingredients) as unknown[]) : [];
      const steps = Array.isArray(r.recipe_instructions ?? r.recipeInstructions ?? r.directions) ? ((r.recipe_instructions ?? r.recipeInstructions ?? r.directions) as unknown[]) : [];
      const nutrition = (r.nutrition ?? {}) as Record<string, unknown>;
      items.push({
        name: text(r.name ?? r.title),
        recipe: {
          '@type': 'Recipe',
          name: text(r.name ?? r.title),
          description: text(r.description),
          recipeIngredient: ingredients.map((i) => (typeof i === 'string' ? i : text((i as { note?: unknown; original_text?: unknown }).note) || text((i as { original_text?: unknown }).original_text))).filter(Boolean),
          recipeInstructions: steps.map((s) => ({ '@type': 'HowToStep', name: typeof s === 'string' ? undefined : text((s as { title?: unknown }).title) || undefined, text: typeof s === 'string' ? s : text((s as { text?: unknown }).text) })),
          recipeYield: text(r.recipe_yield ?? r.recipeYield) || undefined,
          totalTime: text(r.total_time ?? r.totalTime) || undefined,
          prepTime: text(r.prep_time ?? r.prepTime) || undefined,
          cookTime: text(r.perform_time ?? r.cook_time ?? r.performTime) || undefined,
          url: text(r.org_url ?? r.orgURL) || undefined,
          nutrition: {
            calories: text(nutrition.calories) || undefined,
            fatContent: text(nutrition.fat_content ?? nutrition.fatContent) || undefined,
            proteinContent: text(nutrition.protein_content ?? nutrition.proteinContent) || undefined,
            carbohydrateContent: text(nutrition.carbohydrate_content ?? nutrition.carbohydrateContent) || undefined,
            fiberContent: text(nutrition.fiber_content ?? nutrition.fiberContent) || undefined,
            sodiumContent: text(nutrition.sodium_content ?? nutrition.sodiumContent) || undefined,
            sugarContent: text(nutrition.sugar_content ?? nutrition.sugarContent) || undefined,
          },
          notes: Array.isArray(r.notes) ? (r.notes as Array<{ title?: string; text?: string }>).map((n) => ({ title: n.title ?? '', text: n.text ?? '' })) : undefined,
        },
        tags: names(r.tags),
        categories: names(r.recipe_category ?? r.recipeCategory ?? r.categories),
        image: firstImage(entries.filter((e) => e.name.startsWith(`${folder}images/`)), /original\.[a-z]+$/i),
        imageUrl: null,
        rating: ratingOf(r.rating),
      });
    } catch (error) {
      items.push(failed(stem(entry.name), error));
    }
  }
  return items;
};

const tandoor: Reader = async (archive) => {
  const entries = await zipEntries(archive, 'Tandoor');
  const items: MigrationItem[] = [];
  for (const inner of entries.filter((e) => e.name.endsWith('.zip'))) {
    try {
      const files = await readAll(inner.data);
      const json = files.find((f) => f.name.endsWith('.json'));
      if (!json) throw new Error('No recipe.json in the inner zip');
      const t = JSON.parse(json.data.toString('utf8')) as Record<string, unknown>;
      const steps = Array.isArray(t.steps) ? (t.steps as Array<Record<string, unknown>>) : [];
      const ingredients: string[] = [];
      for (const step of steps) {
        for (const ing of (Array.isArray(step.ingredients) ? step.ingredients : []) as Array<Record<string, unknown>>) {
          const name = (o: unknown) => text((o as { name?: unknown } | null)?.name);
          if (ing.is_header) {
            ingredients.push(text(ing.note) || name(ing.food));
            continue;
          }
          const amount = ing.no_amount || !Number(ing.amount) ? '' : String(ing.amount);
          ingredients.push([amount, name(ing.unit), name(ing.food), text(ing.note) ? `(${text(ing.note)})` : ''].filter(Boolean).join(' '));
        }
      }
      const servings = Number(t.servings) || 0;
      items.push({
        name: text(t.name),
        recipe: {
          '@type': 'Recipe',
          name: text(t.name),
          description: text(t.description),
          recipeIngredient: ingredients.filter(Boolean),
          recipeInstructions: steps.map((s) => ({ '@type': 'HowToStep', name: text(s.name) || undefined, text: text(s.instruction) })).filter((s) => s.text),
          prepTime: minutes(t.working_time) ?? undefined,
          cookTime: minutes(t.waiting_time) ?? undefined,
          recipeYield: [servings || '', text(t.servings_text)].filter(Boolean).join(' ') || undefined,
          url: text(t.source_url) || undefined,
        },
        tags: (Array.isArray(t.keywords) ? t.keywords : []).map((k) => text((k as { name?: unknown }).name)).filter(Boolean),
        categories: [],
        image: firstImage(files),
        imageUrl: null,
        rating: null,
      });
    } catch (error) {
      items.push(failed(stem(inner.name), error));
    }
  }
  return items;
};

function csvNutrition(row: Record<string, string>, map: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [column, field] of Object.entries(map)) if (text(row[column])) out[field] = text(row[column]);
  return out;
}

const plantoeat: Reader = async (archive) => {
  const entries = await zipEntries(archive, 'Plan to Eat');
  const items: MigrationItem[] = [];
  for (const csv of entries.filter((e) => e.name.toLowerCase().endsWith('.csv'))) {
    for (const row of parseCsv(csv.data.toString('utf8'))) {
      const name = text(row.Title);
      try {
        items.push({
          name,
          recipe: {
            '@type': 'Recipe',
            name,
            description: text(row.Description),
            // Lines starting with ", " are section headings in Plan to Eat.
            recipeIngredient: lines(row.Ingredients).map((l) => l.replace(/^,\s*/, '')),
            recipeInstructions: text(row.Directions),
            recipeYield: text(row.Servings) || text(row.Yield) || undefined,
            url: text(row.Url) || undefined,
            prepTime: minutes(row['Prep Time']) ?? undefined,
            cookTime: minutes(row['Cook Time']) ?? undefined,
            totalTime: minutes(row['Total Time']) ?? undefined,
            nutrition: csvNutrition(row, { Calories: 'calories', Fat: 'fatContent', 'Saturated Fat': 'saturatedFatContent', Cholesterol: 'cholesterolContent', Sodium: 'sodiumContent', Sugar: 'sugarContent', Carbohydrate: 'carbohydrateContent', Fiber: 'fiberContent', Protein: 'proteinContent' }),
          },
          tags: [...splitList(row.Tags), ...splitList(row['Main Ingredient'])],
          categories: [...splitList(row.Course), ...splitList(row.Cuisine)],
          image: null,
          imageUrl: text(row['Photo Url']) || null,
          rating: ratingOf(row.Rating),
        });
      } catch (error) {
        items.push(failed(name || 'recipe', error));
      }
    }
  }
  return items;
};

const NUTRITION_KEYS: Record<string, string> = {
  calories: 'calories', carbohydrate: 'carbohydrateContent', protein: 'proteinContent', fat: 'fatContent', saturatedfat: 'saturatedFatContent',
  transfat: 'transFatContent', sodium: 'sodiumContent', fiber: 'fiberContent', sugar: 'sugarContent', cholesterol: 'cholesterolContent',
  unsaturatedfat: 'unsaturatedFatContent',
};

const myrecipebox: Reader = async (archive) => {
  if (isZip(archive)) throw badRequest('migrations.my-recipe-box-export-is-a-csv');
  return parseCsv(archive.toString('utf8')).map((row): MigrationItem => {
    const name = text(row.title);
    const nutrition: Record<string, string> = {};
    for (const line of lines(row.nutrition)) {
      const [key, ...rest] = line.split(':');
      const field = NUTRITION_KEYS[key.trim().toLowerCase().replace(/\s+/g, '')];
      if (field && rest.join(':').trim()) nutrition[field] = rest.join(':').trim();
    }
    return {
      name,
      recipe: {
        '@type': 'Recipe',
        name,
        description: text(row.description),
        recipeIngredient: lines(row.ingredients),
        recipeInstructions: text(row.instructions).split(/\r?\n/).map((l) => l.trim()).filter(Boolean),
        recipeYield: text(row.quantity) || undefined,
        prepTime: minutes(row.preparationTime) ?? undefined,
        cookTime: minutes(row.cookingTime) ?? undefined,
        totalTime: minutes(row.totalTime) ?? undefined,
        url: text(row.source) || undefined,
        notes: text(row.notes) ? [text(row.notes)] : undefined,
        nutrition,
      },
      tags: splitList(row.tags, /;/),
      categories: splitList(row.categories, /;/),
      image: null,
      imageUrl: /^https?:\/\//.test(text(row.originalPicture)) ? text(row.originalPicture) : null,
      rating: ratingOf(row.rating),
    };
  });
};

const recipekeeper: Reader = async (archive) => {
  const entries = await zipEntries(archive, 'Recipe Keeper');
  const page = entries.find((e) => /(^|\/)recipes\.html$/i.test(e.name));
  if (!page) throw badRequest('migrations.recipe-keeper-export-holds-recipes-html');
  const base = page.name.slice(0, page.name.length - 'recipes.html'.length);
  const $ = cheerioLoad(page.data.toString('utf8'));
  const items: MigrationItem[] = [];
  $('div.recipe-details').each((_i, el) => {
    const r = $(el);
    const prop = (name: string) => r.find(`[itemprop="${name}"]`);
    const value = (name: string) => (prop(name).attr('content') ?? prop(name).first().text()).trim();
    const name = prop('name').first().text().trim();
    const block = (name: string) => prop(name).find('p, li').map((_j, p) => $(p).text().trim()).get().filter(Boolean);
    const nutrition: Record<string, string> = {};
    r.find('[itemprop^="recipeNut"]').each((_j, n) => {
      const key = ($(n).attr('itemprop') ?? '').replace(/^recipeNut/, '').toLowerCase();
      const field = NUTRITION_KEYS[key.replace(/content$/, '')] ?? NUTRITION_KEYS[key];
      const v = ($(n).attr('content') ?? $(n).text()).trim();
      if (field && v) nutrition[field] = v;
    });
    items.push({
      name,
      recipe: {
        '@type': 'Recipe',
        name,
        recipeIngredient: block('recipeIngredients').length ? block('recipeIngredients') : lines(prop('recipeIngredients').text()),
        recipeInstructions: block('recipeDirections').length ? block('recipeDirections') : lines(prop('recipeDirections').text()),
        prepTime: value('prepTime') || undefined,
        cookTime: value('cookTime') || undefined,
        recipeYield: value('recipeYield') || undefined,
        url: value('recipeSource') || undefined,
        notes: value('recipeNotes') ? [value('recipeNotes')] : undefined,
        nutrition,
      },
      tags: prop('recipeCourse').map((_j, c) => ($(c).attr('content') ?? $(c).text()).trim()).get().filter(Boolean),
      categories: prop('recipeCategory').map((_j, c) => ($(c).attr('content') ?? $(c).text()).trim()).get().filter(Boolean),
      image: imageIn(entries, r.find('img[itemprop="photo0"], [itemprop="photo0"]').attr('src') ? base + r.find('[itemprop="photo0"]').attr('src') : null),
      imageUrl: null,
      rating: ratingOf(value('recipeRating')),
    });
  });
  return items;
};

export const READERS: Record<MigrationType, Reader> = {
  nextcloud, chowdown, copymethat, paprika, mealie_alpha: mealieAlpha, tandoor, plantoeat, myrecipebox, recipekeeper,
};
