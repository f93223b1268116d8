import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../server/db/schema.js';
import { normalizeText, slugify } from '../server/platform/slug.js';

/**
 * A small, seeded PRNG (mulberry32): the same seed always yields the same recipes. Every seed walks the same
 * 2^32-long cycle from another point, so two generators' streams can overlap: uuids carry the seed in their last
 * four hex digits so that two generators never make the same id (100,000 recipes and 49 groups collided).
 */
export function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)],
    uuid: () => {
      const bytes = Array.from({ length: 16 }, () => Math.floor(next() * 256));
      bytes[6] = (bytes[6] & 0x0f) | 0x40;
      bytes[8] = (bytes[8] & 0x3f) | 0x80;
      bytes[14] = (seed >>> 8) & 0xff;
      bytes[15] = seed & 0xff;
      const hex = bytes.map((b) => b.toString(16).padStart(2, '0')).join('');
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    },
  };
}

export const ADJECTIVES = ['Smoky', 'Crispy', 'Creamy', 'Spicy', 'Lemony', 'Garlicky', 'Honey-Glazed', 'Herbed', 'Rustic', 'Quick', 'Slow-Cooked', 'Roasted', 'Charred', 'Zesty', 'Golden', 'Classic', 'Easy', 'Weeknight', 'Sticky', 'Fragrant', 'Crème', 'Brûléed', 'Tangy', 'Sweet', 'Savory'];
export const MAINS = ['Chicken', 'Salmon', 'Tofu', 'Beef', 'Pork', 'Lamb', 'Shrimp', 'Mushroom', 'Chickpea', 'Lentil', 'Eggplant', 'Cauliflower', 'Halloumi', 'Turkey', 'Cod', 'Sweet Potato', 'Spinach', 'Pumpkin', 'Duck', 'Tempeh', 'Saffron Rice', 'Chocolate', 'Apple', 'Jalapeño', 'Crêpe'];
export const DISHES = ['Tacos', 'Curry', 'Stew', 'Salad', 'Soup', 'Bowl', 'Pasta', 'Risotto', 'Stir-Fry', 'Skewers', 'Pie', 'Bake', 'Burgers', 'Flatbread', 'Tart', 'Noodles', 'Casserole', 'Gratin', 'Dumplings', 'Sandwich', 'Cake', 'Brûlée'];
const ORIGINS = ['a family favourite', 'inspired by a trip to Lisbon', 'ready in under an hour', 'great for meal prep', 'perfect for a crowd', 'a cosy winter dinner', 'bright and summery', 'a Sunday classic'];
const STEP_TEMPLATES = [
  'Preheat the oven to {t}°C and line a tray with baking paper.',
  'Finely chop the {a} and set aside.',
  'Heat the oil in a large pan over medium heat and cook the {a} for {m} minutes, stirring often.',
  'Season generously with salt and pepper, then add the {b}.',
  'Simmer gently for {m} minutes until thickened.',
  'Whisk the {a} with the {b} in a bowl until smooth.',
  'Transfer to the oven and bake for {m} minutes until golden.',
  'Let rest for {r} minutes before slicing.',
  'Toss everything together and taste for seasoning.',
  'Serve warm with the {b} on the side.',
  'Bring a large pot of salted water to the boil and cook the {a} until tender.',
  'Scatter over the herbs and finish with a squeeze of lemon.',
];
export const TAGS = ['Quick', 'Vegetarian', 'Vegan', 'Gluten Free', 'Dairy Free', 'Kid Friendly', 'Spicy', 'Comfort Food', 'Meal Prep', 'Budget', 'Holiday', 'Summer', 'Winter', 'One Pot', 'Grill', 'Baking', 'Healthy', 'High Protein', 'Low Carb', 'Party', 'Weeknight', 'Brunch', 'Freezer Friendly', 'Make Ahead', 'Slow Cooker', 'Instant Pot', 'Air Fryer', 'Italian', 'Mexican', 'Indian', 'Thai', 'French', 'Japanese', 'Greek', 'Middle Eastern', 'Korean', 'Spanish', 'Chinese', 'American', 'British'];
export const CATEGORIES = ['Breakfast', 'Lunch', 'Dinner', 'Dessert', 'Snack', 'Side', 'Drink', 'Soup', 'Salad', 'Bread', 'Sauce', 'Appetizer', 'Main Course', 'Baking', 'Preserves'];
const TOOLS = ['Oven', 'Stand Mixer', 'Blender', 'Food Processor', 'Cast Iron Pan', 'Dutch Oven', 'Wok', 'Grill', 'Slow Cooker', 'Instant Pot', 'Air Fryer', 'Thermometer', 'Sheet Pan', 'Rolling Pin', 'Mandoline', 'Microplane', 'Springform Pan', 'Muffin Tin', 'Pasta Machine', 'Spiralizer'];

export function loadIngredientLines(sharedData: string): string[] {
  const dir = path.join(sharedData, 'parser-dev');
  const lines: string[] = [];
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.csv'))) {
    const rows = fs.readFileSync(path.join(dir, file), 'utf8').split('\n').slice(1);
    for (const row of rows) {
      if (!row.trim()) continue;
      // The input column is first; it is quoted when it holds a comma.
      const input = row.startsWith('"') ? row.slice(1, row.indexOf('",')).replace(/""/g, '"') : row.slice(0, row.indexOf(','));
      if (input) lines.push(input);
    }
  }
  if (lines.length === 0) throw new Error(`no ingredient lines found in ${dir}`);
  return lines;
}

export interface GenerateOptions {
  count: number;
  seed?: number;
  groupId: string;
  householdId: string;
  userId: string;
  ingredientLines: string[];
  onProgress?: (done: number) => void;
}

const BATCH = 200;

/** Writes `count` realistic recipes straight through the data layer, in batches of one transaction each. */
export async function generateRecipes(db: Kysely<Database>, options: GenerateOptions): Promise<void> {
  const r = rng(options.seed ?? 42);
  const now = Date.now();
  const organizerIds = async (table: 'tags' | 'categories' | 'tools', names: string[]) => {
    const ids: string[] = [];
    for (const name of names) {
      const existing = await db.selectFrom(table).select('id').where('group_id', '=', options.groupId).where('slug', '=', slugify(name)).executeTakeFirst();
      if (existing) {
        ids.push(existing.id);
        continue;
      }
      const id = r.uuid();
      const ts = new Date(now).toISOString();
      await db.insertInto(table).values({ id, group_id: options.groupId, name, slug: slugify(name), created_at: ts, update_at: ts }).execute();
      ids.push(id);
    }
    return ids;
  };
  const tagIds = await organizerIds('tags', TAGS);
  const categoryIds = await organizerIds('categories', CATEGORIES);
  const toolIds = await organizerIds('tools', TOOLS);
  const usedSlugs = new Set((await db.selectFrom('recipes').select('slug').where('group_id', '=', options.groupId).execute()).map((x) => x.slug));

  for (let start = 0; start < options.count; start += BATCH) {
    const size = Math.min(BATCH, options.count - start);
    await db.transaction().execute(async (trx) => {
      const recipes = [];
      const ingredients = [];
      const instructions = [];
      const links: { tags: Array<{ recipe_id: string; tag_id: string }>; categories: Array<{ recipe_id: string; category_id: string }>; tools: Array<{ recipe_id: string; tool_id: string }> } = { tags: [], categories: [], tools: [] };
      const ratings = [];
      for (let i = 0; i < size; i += 1) {
        const id = r.uuid();
        const main = r.pick(MAINS);
        const name = `${r.pick(ADJECTIVES)} ${main} ${r.pick(DISHES)}`;
        let slug = slugify(name);
        for (let n = 1; usedSlugs.has(slug); n += 1) slug = `${slugify(name)}-${n}`;
        usedSlugs.add(slug);
        const description = `A ${name.toLowerCase()}, ${r.pick(ORIGINS)}. Made with ${main.toLowerCase()} and pantry staples.`;
        const created = new Date(now - r.int(0, 3 * 365) * 86_400_000 - r.int(0, 86_399) * 1000).toISOString();
        const rated = r.next() < 0.3 ? r.int(1, 5) : null;
        recipes.push({
          id,
          slug,
          group_id: options.groupId,
          household_id: options.householdId,
          user_id: options.userId,
          name,
          description,
          image: r.next() < 0.7 ? crypto.randomBytes(2).toString('hex') : null,
          rating: rated,
          total_time: `${r.int(15, 180)} minutes`,
          prep_time: `${r.int(5, 45)} minutes`,
          cook_time: null,
          perform_time: `${r.int(10, 120)} minutes`,
          recipe_yield: `${r.int(1, 8)} servings`,
          recipe_yield_quantity: 0,
          recipe_servings: r.int(1, 8),
          recipe_cuisine: null,
          org_url: r.next() < 0.5 ? `https://recipes.example/${slug}` : null,
          is_ocr_recipe: false,
          date_added: created.slice(0, 10),
          date_updated: created,
          last_made: r.next() < 0.2 ? created : null,
          name_normalized: normalizeText(name),
          description_normalized: normalizeText(description),
          settings_public: true,
          settings_show_nutrition: false,
          settings_show_assets: false,
          settings_landscape_view: false,
          settings_disable_comments: false,
          settings_disable_amount: true,
          settings_locked: false,
          created_at: created,
          update_at: created,
        });
        const ingredientCount = r.int(5, 25);
        const sectioned = r.next() < 0.2;
        for (let p = 0; p < ingredientCount; p += 1) {
          const line = r.pick(options.ingredientLines);
          ingredients.push({
            recipe_id: id,
            position: p,
            title: sectioned && (p === 0 || p === Math.floor(ingredientCount / 2)) ? (p === 0 ? 'For the main' : 'For the sauce') : null,
            note: line,
            unit_id: null,
            food_id: null,
            quantity: null,
            original_text: line,
            reference_id: r.uuid(),
            note_normalized: normalizeText(line),
            original_text_normalized: normalizeText(line),
          });
        }
        const stepCount = r.int(3, 12);
        for (let p = 0; p < stepCount; p += 1) {
          const text = r
            .pick(STEP_TEMPLATES)
            .replace('{t}', String(r.int(160, 230)))
            .replace('{m}', String(r.int(3, 40)))
            .replace('{r}', String(r.int(5, 15)))
            .replace('{a}', main.toLowerCase())
            .replace('{b}', r.pick(MAINS).toLowerCase());
          instructions.push({ id: r.uuid(), recipe_id: id, position: p, type: 'RecipeStep', title: '', summary: '', text });
        }
        for (const tag of new Set([r.pick(tagIds), r.pick(tagIds), r.pick(tagIds)].slice(0, r.int(0, 3)))) links.tags.push({ recipe_id: id, tag_id: tag });
        for (const cat of new Set([r.pick(categoryIds), r.pick(categoryIds)].slice(0, r.int(1, 2)))) links.categories.push({ recipe_id: id, category_id: cat });
        for (const tool of new Set([r.pick(toolIds), r.pick(toolIds)].slice(0, r.int(0, 2)))) links.tools.push({ recipe_id: id, tool_id: tool });
        if (rated !== null) {
          ratings.push({ id: r.uuid(), user_id: options.userId, recipe_id: id, rating: rated, is_favorite: r.next() < 0.3, created_at: created, update_at: created });
        }
      }
      // Chunks keep each statement under SQLite's bound-parameter limit.
      const chunked = async <T>(rows: T[], perChunk: number, insert: (chunk: T[]) => Promise<unknown>) => {
        for (let i = 0; i < rows.length; i += perChunk) await insert(rows.slice(i, i + perChunk));
      };
      await chunked(recipes, 50, (c) => trx.insertInto('recipes').values(c).execute());
      await chunked(ingredients, 500, (c) => trx.insertInto('recipes_ingredients').values(c).execute());
      await chunked(instructions, 500, (c) => trx.insertInto('recipe_instructions').values(c).execute());
      await chunked(links.tags, 1000, (c) => trx.insertInto('recipes_to_tags').values(c).execute());
      await chunked(links.categories, 1000, (c) => trx.insertInto('recipes_to_categories').values(c).execute());
      await chunked(links.tools, 1000, (c) => trx.insertInto('recipes_to_tools').values(c).execute());
      await chunked(ratings, 300, (c) => trx.insertInto('users_to_recipes').values(c).execute());
    });
    options.onProgress?.(start + size);
  }
}
