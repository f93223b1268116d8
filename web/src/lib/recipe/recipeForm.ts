import { parseQuantityInput } from './fractions';
import { NUTRITION_FIELDS } from './nutrition';
import type { NutritionField, RecipeInput, RecipeSettings } from './types';

/** The edit form's values: text fields stay text until saved; organizers, units and foods may be new (no id yet). */
export interface OrganizerValue {
  id?: string;
  name: string;
  slug?: string;
}

export interface UnitValue {
  id?: string;
  name: string;
  pluralName?: string | null;
  abbreviation?: string | null;
  pluralAbbreviation?: string | null;
  useAbbreviation?: boolean;
  fraction?: boolean;
}

export interface FoodValue {
  id?: string;
  name: string;
  pluralName?: string | null;
}

export interface IngredientValue {
  referenceId: string;
  title: string;
  quantity: string;
  unit: UnitValue | null;
  food: FoodValue | null;
  note: string;
  originalText: string | null;
}

export interface InstructionValue {
  id: string;
  title: string;
  summary: string;
  text: string;
  ingredientReferences: string[];
}

export interface NoteValue {
  title: string;
  text: string;
}

export interface RecipeFormValues {
  name: string;
  description: string;
  recipeYield: string;
  recipeYieldQuantity: string;
  recipeServings: string;
  prepTime: string;
  cookTime: string;
  performTime: string;
  totalTime: string;
  orgURL: string;
  recipeCategory: OrganizerValue[];
  tags: OrganizerValue[];
  tools: OrganizerValue[];
  recipeIngredient: IngredientValue[];
  recipeInstructions: InstructionValue[];
  notes: NoteValue[];
  nutrition: Record<NutritionField, string>;
  settings: RecipeSettings;
}

export const DEFAULT_SETTINGS: RecipeSettings = {
  public: true,
  showNutrition: false,
  showAssets: false,
  landscapeView: false,
  disableComments: false,
  disableAmount: true,
  locked: false,
};

type Loose = Record<string, unknown>;
const isObj = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : '');
const list = (v: unknown): Loose[] => (Array.isArray(v) ? v.filter(isObj) : []);
const numText = (v: unknown): string => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : Number.NaN;
  return Number.isFinite(n) && n !== 0 ? String(n) : '';
};

export function newId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(16)}-${Math.random().toString(16).slice(2)}`;
}

function organizers(v: unknown): OrganizerValue[] {
  return list(v)
    .filter((o) => str(o.name) || str(o.slug))
    .map((o) => ({ id: str(o.id) || undefined, name: str(o.name) || str(o.slug), slug: str(o.slug) || undefined }));
}

function unit(v: unknown): UnitValue | null {
  if (!isObj(v) || !str(v.name)) return null;
  return {
    id: str(v.id) || undefined,
    name: str(v.name),
    pluralName: str(v.pluralName) || null,
    abbreviation: str(v.abbreviation) || null,
    pluralAbbreviation: str(v.pluralAbbreviation) || null,
    useAbbreviation: v.useAbbreviation === true,
    fraction: v.fraction !== false,
  };
}

function food(v: unknown): FoodValue | null {
  if (!isObj(v) || !str(v.name)) return null;
  return { id: str(v.id) || undefined, name: str(v.name), pluralName: str(v.pluralName) || null };
}

/** Form values from a recipe (a Recipe-Output, or whatever the JSON editor holds: anything missing gets a default). */
export function toFormValues(recipe: unknown): RecipeFormValues {
  const r = isObj(recipe) ? recipe : {};
  const nutrition = isObj(r.nutrition) ? r.nutrition : {};
  const settings = isObj(r.settings) ? r.settings : {};
  return {
    name: str(r.name),
    description: str(r.description),
    recipeYield: str(r.recipeYield),
    recipeYieldQuantity: numText(r.recipeYieldQuantity),
    recipeServings: numText(r.recipeServings),
    prepTime: str(r.prepTime),
    cookTime: str(r.cookTime),
    performTime: str(r.performTime),
    totalTime: str(r.totalTime),
    orgURL: str(r.orgURL),
    recipeCategory: organizers(r.recipeCategory),
    tags: organizers(r.tags),
    tools: organizers(r.tools),
    recipeIngredient: list(r.recipeIngredient).map((i) => ({
      referenceId: str(i.referenceId) || newId(),
      title: str(i.title),
      quantity: numText(i.quantity),
      unit: unit(i.unit),
      food: food(i.food),
      note: str(i.note),
      originalText: str(i.originalText) || null,
    })),
    recipeInstructions: list(r.recipeInstructions).map((s) => ({
      id: str(s.id) || newId(),
      title: str(s.title),
      summary: str(s.summary),
      text: str(s.text),
      ingredientReferences: list(s.ingredientReferences).map((ref) => str(ref.referenceId)).filter(Boolean),
    })),
    notes: list(r.notes).map((n) => ({ title: str(n.title), text: str(n.text) })),
    nutrition: Object.fromEntries(NUTRITION_FIELDS.map((f) => [f, str(nutrition[f])])) as Record<NutritionField, string>,
    settings: Object.fromEntries(
      (Object.keys(DEFAULT_SETTINGS) as (keyof RecipeSettings)[]).map((k) => [k, typeof settings[k] === 'boolean' ? settings[k] : DEFAULT_SETTINGS[k]]),
    ) as unknown as RecipeSettings,
  };
}

export function emptyIngredient(): IngredientValue {
  return { referenceId: newId(), title: '', quantity: '', unit: null, food: null, note: '', originalText: null };
}

export function emptyInstruction(): InstructionValue {
  return { id: newId(), title: '', summary: '', text: '', ingredientReferences: [] };
}

const orNull = (s: string) => (s.trim() ? s.trim() : null);
const quantityOf = (s: string): number | null => {
  const n = parseQuantityInput(s);
  return n === null || Number.isNaN(n) ? null : n;
};

/** The PUT /api/recipes/{slug} body for the form values. */
export function toRecipeInput(values: RecipeFormValues): RecipeInput {
  const organizerRefs = (items: OrganizerValue[]) => items.map((o) => (o.id ? { id: o.id, name: o.name, slug: o.slug } : { name: o.name }));
  return {
    name: values.name.trim(),
    description: values.description,
    recipeYield: orNull(values.recipeYield),
    recipeYieldQuantity: quantityOf(values.recipeYieldQuantity) ?? 0,
    recipeServings: quantityOf(values.recipeServings) ?? 0,
    prepTime: orNull(values.prepTime),
    cookTime: orNull(values.cookTime),
    performTime: orNull(values.performTime),
    totalTime: orNull(values.totalTime),
    orgURL: orNull(values.orgURL),
    recipeCategory: organizerRefs(values.recipeCategory),
    tags: organizerRefs(values.tags),
    tools: organizerRefs(values.tools),
    recipeIngredient: values.recipeIngredient.map((i) => ({
      referenceId: i.referenceId,
      title: orNull(i.title),
      quantity: quantityOf(i.quantity),
      unit: i.unit ? { ...i.unit } : null,
      food: i.food ? { ...i.food } : null,
      note: i.note,
      originalText: i.originalText,
    })),
    recipeInstructions: values.recipeInstructions.map((s) => ({
      id: s.id,
      title: s.title,
      summary: s.summary,
      text: s.text,
      ingredientReferences: s.ingredientReferences.map((referenceId) => ({ referenceId })),
    })),
    notes: values.notes.filter((n) => n.title.trim() || n.text.trim()),
    nutrition: Object.fromEntries(NUTRITION_FIELDS.map((f) => [f, orNull(values.nutrition[f])])) as Record<NutritionField, string | null>,
    settings: { ...values.settings },
  };
}

export type JsonProblem = 'syntax' | 'not-object' | 'name' | 'type';

export type JsonCheck = { ok: true; value: Loose } | { ok: false; problem: JsonProblem; detail: string };

const ARRAY_FIELDS = ['recipeIngredient', 'recipeInstructions', 'notes', 'tags', 'recipeCategory', 'tools', 'assets'] as const;
const OBJECT_FIELDS = ['nutrition', 'settings'] as const;
const NUMBER_FIELDS = ['recipeServings', 'recipeYieldQuantity'] as const;

/** Checks the JSON editor's text: valid JSON, an object, a non-empty name, arrays and objects where the recipe has them. */
export function checkRecipeJson(text: string): JsonCheck {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { ok: false, problem: 'syntax', detail: e instanceof Error ? e.message : String(e) };
  }
  if (!isObj(value)) return { ok: false, problem: 'not-object', detail: '' };
  if (typeof value.name !== 'string' || !value.name.trim()) return { ok: false, problem: 'name', detail: 'name' };
  for (const key of ARRAY_FIELDS) {
    if (value[key] !== undefined && value[key] !== null && !Array.isArray(value[key])) return { ok: false, problem: 'type', detail: key };
  }
  for (const key of OBJECT_FIELDS) {
    if (value[key] !== undefined && value[key] !== null && !isObj(value[key])) return { ok: false, problem: 'type', detail: key };
  }
  for (const key of NUMBER_FIELDS) {
    const v = value[key];
    if (v !== undefined && v !== null && typeof v !== 'number' && !(typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim()))) {
      return { ok: false, problem: 'type', detail: key };
    }
  }
  return { ok: true, value };
}
