import { z } from 'zod';
import { fieldMessages } from './common.js';

/* ---------- Recipe actions (Mealie's CreateGroupRecipeAction / SaveGroupRecipeAction / GroupRecipeActionOut) ---------- */

export const recipeActionTypes = ['link', 'post'] as const;
export type RecipeActionType = (typeof recipeActionTypes)[number];

/** True when the url, with its placeholders filled, is an http(s) URL. */
export function isActionUrl(template: string): boolean {
  const filled = fillActionPlaceholders(template, { id: 'id', slug: 'slug' }, 'http://example.com/r/slug', 1);
  try {
    const url = new URL(filled);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

const actionFields = {
  actionType: z.enum(recipeActionTypes),
  title: z.string().trim().min(1, fieldMessages.required).max(200, fieldMessages.maxLength(200)),
  url: z.string().trim().min(1, fieldMessages.required).max(2000, fieldMessages.maxLength(2000)).refine(isActionUrl, fieldMessages.url),
};
export const recipeActionIn = z.object(actionFields);
export type RecipeActionIn = z.infer<typeof recipeActionIn>;
/** PUT sends SaveGroupRecipeAction: the same fields plus groupId/householdId, which the server ignores. */
export const recipeActionUpdate = z.object({ ...actionFields, groupId: z.string().max(200).optional(), householdId: z.string().max(200).optional() });

export const recipeActionOut = z.object({
  id: z.string(),
  actionType: z.enum(recipeActionTypes),
  title: z.string(),
  url: z.string(),
  groupId: z.string(),
  householdId: z.string(),
});
export type RecipeActionOut = z.infer<typeof recipeActionOut>;

/** POST …/trigger/{slug}: the scaled servings (recipeServings, default 1, × the cook's scale). */
const triggerScale = z.coerce.number().positive().max(10_000);
/** The scale of a triggered action: `scaledAmount` (the spec), or `recipe_scale` as Mealie's own client sends it. */
export const recipeActionTrigger = z.object({ scaledAmount: triggerScale.optional(), recipeScale: triggerScale.optional() });

/** The values a recipe action's url placeholders take (§5: servings and yield quantity default to 1, × scale). */
export interface PlaceholderRecipe {
  id: string;
  slug: string;
  recipeServings?: number | null;
  recipeYieldQuantity?: number | null;
  recipeYield?: string | null;
}

function formatScaled(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}

/** Fills ${url} ${id} ${slug} ${servings} ${yieldQuantity} ${yieldText} exactly as written in the action's url. */
export function fillActionPlaceholders(template: string, recipe: PlaceholderRecipe, recipeUrl: string, scale: number): string {
  const values: Record<string, string> = {
    url: recipeUrl,
    id: recipe.id,
    slug: recipe.slug,
    servings: formatScaled((recipe.recipeServings || 1) * scale),
    yieldQuantity: formatScaled((recipe.recipeYieldQuantity || 1) * scale),
    yieldText: recipe.recipeYield ?? '',
  };
  return template.replace(/\$\{(url|id|slug|servings|yieldQuantity|yieldText)\}/g, (_m, key: string) => values[key]);
}

/* ---------- Webhooks (Mealie's CreateWebhook / ReadWebhook) ---------- */

/** "HH:MM" or "HH:MM:SS[.ffffff]" with an optional "Z"/"+00:00" (Mealie stores UTC); kept as "HH:MM:SS". */
export const scheduledTime = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,6})?)?(Z|[+-]00:?00)?$/, 'Must be a time of day (HH:MM, UTC)')
  .transform((value) => {
    const [hh, mm, ss] = value.replace(/(Z|[+-]00:?00)$/, '').split(':');
    return `${hh}:${mm}:${(ss ?? '00').slice(0, 2)}`;
  });

export const webhookIn = z.object({
  enabled: z.boolean().default(true),
  name: z.string().trim().max(200, fieldMessages.maxLength(200)).default(''),
  url: z.string().trim().max(2000, fieldMessages.maxLength(2000)).default(''),
  webhookType: z.enum(['mealplan']).default('mealplan'),
  scheduledTime,
});
export type WebhookIn = z.infer<typeof webhookIn>;

/**
 * The last "test" of a webhook or notifier (Hearth's; Mealie keeps none): the test is delivered in the
 * background, so the page shows how it went here.
 */
export const automationTestOut = z.object({
  at: z.string(),
  status: z.enum(['sending', 'sent', 'failed']),
  error: z.string().nullable(),
});
export type AutomationTestOut = z.infer<typeof automationTestOut>;

export const webhookOut = z.object({
  id: z.string(),
  enabled: z.boolean(),
  name: z.string(),
  url: z.string(),
  webhookType: z.enum(['mealplan']),
  scheduledTime: z.string(),
  groupId: z.string(),
  householdId: z.string(),
  lastTest: automationTestOut.nullable().optional(),
  /** On create and update: why Hearth will not be able to deliver to this URL (saved all the same). */
  urlWarning: z.string().nullable().optional(),
});
export type WebhookOut = z.infer<typeof webhookOut>;

/* ---------- Notifiers (Mealie's GroupEventNotifier*) ---------- */

/** The 22 switches of GroupEventNotifierOptions, in Mealie's order (camelCase on the wire). */
export const notifierOptionKeys = [
  'testMessage', 'webhookTask',
  'recipeCreated', 'recipeUpdated', 'recipeDeleted',
  'userSignup', 'dataMigrations', 'dataExport', 'dataImport',
  'mealplanEntryCreated',
  'shoppingListCreated', 'shoppingListUpdated', 'shoppingListDeleted',
  'cookbookCreated', 'cookbookUpdated', 'cookbookDeleted',
  'tagCreated', 'tagUpdated', 'tagDeleted',
  'categoryCreated', 'categoryUpdated', 'categoryDeleted',
] as const;
export type NotifierOptionKey = (typeof notifierOptionKeys)[number];

/** How the web app groups the switches (as Mealie's notifier page does). */
export const notifierOptionSections: Array<{ section: string; keys: NotifierOptionKey[] }> = [
  { section: 'general', keys: ['testMessage', 'webhookTask'] },
  { section: 'recipe', keys: ['recipeCreated', 'recipeUpdated', 'recipeDeleted'] },
  { section: 'user', keys: ['userSignup'] },
  { section: 'data', keys: ['dataMigrations', 'dataExport', 'dataImport'] },
  { section: 'mealplan', keys: ['mealplanEntryCreated'] },
  { section: 'shopping-list', keys: ['shoppingListCreated', 'shoppingListUpdated', 'shoppingListDeleted'] },
  { section: 'cookbook', keys: ['cookbookCreated', 'cookbookUpdated', 'cookbookDeleted'] },
  { section: 'tag', keys: ['tagCreated', 'tagUpdated', 'tagDeleted'] },
  { section: 'category', keys: ['categoryCreated', 'categoryUpdated', 'categoryDeleted'] },
];

export const notifierOptions = z.object(
  Object.fromEntries(notifierOptionKeys.map((key) => [key, z.boolean().default(false)])) as Record<NotifierOptionKey, z.ZodDefault<z.ZodBoolean>>,
);
export type NotifierOptions = z.infer<typeof notifierOptions>;
export const notifierOptionsOut = z.object({
  id: z.string(),
  ...(Object.fromEntries(notifierOptionKeys.map((key) => [key, z.boolean()])) as Record<NotifierOptionKey, z.ZodBoolean>),
});

const appriseUrl = z.string().trim().max(4000, fieldMessages.maxLength(4000));

export const notifierCreate = z.object({
  name: z.string().trim().min(1, fieldMessages.required).max(200, fieldMessages.maxLength(200)),
  appriseUrl: appriseUrl.min(1, fieldMessages.required),
  enabled: z.boolean().optional(),
  options: notifierOptions.partial().optional(),
});
export type NotifierCreate = z.infer<typeof notifierCreate>;

/** PUT: appriseUrl null or absent keeps the stored URL (it is never sent back to clients). */
export const notifierUpdate = z.object({
  id: z.string().max(200).optional(),
  name: z.string().trim().min(1, fieldMessages.required).max(200, fieldMessages.maxLength(200)),
  appriseUrl: appriseUrl.nullish(),
  enabled: z.boolean().default(true),
  groupId: z.string().max(200).optional(),
  householdId: z.string().max(200).optional(),
  options: notifierOptions.default(() => notifierOptions.parse({})),
});
export type NotifierUpdate = z.infer<typeof notifierUpdate>;

export const notifierOut = z.object({
  id: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  groupId: z.string(),
  householdId: z.string(),
  options: notifierOptionsOut,
  lastTest: automationTestOut.nullable().optional(),
  /** On create and update: why Hearth will not be able to deliver to this URL (saved all the same). */
  urlWarning: z.string().nullable().optional(),
});
export type NotifierOut = z.infer<typeof notifierOut>;

/** The URL schemes Hearth sends natively (Apprise's syntax). */
export const supportedNotifierSchemes = [
  'json', 'jsons', 'form', 'forms', 'xml', 'xmls', 'ntfy', 'ntfys', 'gotify', 'gotifys', 'discord', 'slack',
  'tgram', 'pover', 'hassio', 'hassios', 'matrix', 'matrixs', 'mailto', 'mailtos',
] as const;
