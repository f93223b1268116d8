import { z } from 'zod';
import { fieldMessages, PASSWORD_MIN_LENGTH } from './messages.js';

export const authMethod = z.enum(['Mealie', 'LDAP', 'OIDC']);

export const longLiveTokenOut = z.object({
  token: z.string(),
  name: z.string(),
  id: z.number().int(),
  createdAt: z.string().nullable(),
});
export type LongLiveTokenOut = z.infer<typeof longLiveTokenOut>;
export const longLiveTokenIn = z.object({
  name: z.string().trim().min(1, fieldMessages.required).max(200),
  integrationId: z.string().max(200).default('generic'),
});

export const userFlags = ['admin', 'advanced', 'canInvite', 'canManage', 'canManageHousehold', 'canOrganize'] as const;
export type UserFlag = (typeof userFlags)[number];

export const userOut = z.object({
  id: z.string(),
  username: z.string().nullable(),
  fullName: z.string().nullable(),
  email: z.string(),
  authMethod,
  admin: z.boolean(),
  group: z.string(),
  household: z.string(),
  advanced: z.boolean(),
  canInvite: z.boolean(),
  canManage: z.boolean(),
  canManageHousehold: z.boolean(),
  canOrganize: z.boolean(),
  groupId: z.string(),
  groupSlug: z.string(),
  householdId: z.string(),
  householdSlug: z.string(),
  tokens: z.array(longLiveTokenOut).nullable().optional(),
  cacheKey: z.string(),
});
export type UserOut = z.infer<typeof userOut>;

export const userSummary = z.object({
  id: z.string(),
  groupId: z.string(),
  householdId: z.string(),
  username: z.string(),
  fullName: z.string(),
});
export type UserSummary = z.infer<typeof userSummary>;

const email = z.string().trim().toLowerCase().email(fieldMessages.email).max(320);
const username = z
  .string()
  .trim()
  .min(1, fieldMessages.required)
  .max(100, fieldMessages.maxLength(100))
  .regex(/^\S+$/, fieldMessages.noWhitespace);
const password = z.string().min(PASSWORD_MIN_LENGTH, fieldMessages.minLength(PASSWORD_MIN_LENGTH)).max(256);
const flag = z.boolean().default(false);

const userFields = {
  username,
  fullName: z.string().trim().min(1, fieldMessages.required).max(200),
  email,
  authMethod,
  admin: z.boolean(),
  group: z.string().trim().max(200).nullish(),
  household: z.string().trim().max(200).nullish(),
  advanced: z.boolean(),
  canInvite: z.boolean(),
  canManage: z.boolean(),
  canManageHousehold: z.boolean(),
  canOrganize: z.boolean(),
};

/** Admin creates a user (spec §5 user form). `group`/`household` are names; missing means the defaults. */
export const userIn = z.object({
  ...userFields,
  password,
  authMethod: authMethod.default('Mealie'),
  admin: flag,
  advanced: flag,
  canInvite: flag,
  canManage: flag,
  canManageHousehold: flag,
  canOrganize: flag,
});
export type UserIn = z.infer<typeof userIn>;

/** Update (PUT /api/users/{id} and /api/admin/users/{id}): only the fields sent change; no password here. */
export const userUpdate = z
  .object(userFields)
  .partial()
  .extend({ id: z.string().optional(), groupId: z.string().optional(), householdId: z.string().optional() });
export type UserUpdate = z.infer<typeof userUpdate>;

export const changePassword = z.object({
  currentPassword: z.string().max(256).default(''),
  newPassword: password,
});
export const forgotPassword = z.object({ email: z.string().trim().max(320) });
export const resetPassword = z.object({
  token: z.string().min(1).max(200),
  email: z.string().max(320).optional().default(''),
  password,
  passwordConfirm: z.string().max(256),
});
export const passwordResetTokenOut = z.object({ token: z.string() });

export const registration = z.object({
  group: z.string().trim().max(200).nullish(),
  household: z.string().trim().max(200).nullish(),
  groupToken: z.string().max(200).nullish(),
  email,
  username,
  fullName: z.string().trim().min(1, fieldMessages.required).max(200),
  password,
  passwordConfirm: z.string().max(256),
  advanced: flag,
  private: flag,
  seedData: flag,
  locale: z.string().max(20).default('en-US'),
});
export type Registration = z.infer<typeof registration>;

export const tokenResponse = z.object({ access_token: z.string(), token_type: z.literal('bearer') });

export const householdPreferences = z.object({
  privateHousehold: z.boolean(),
  lockRecipeEditsFromOtherHouseholds: z.boolean(),
  firstDayOfWeek: z.number().int(),
  recipePublic: z.boolean(),
  recipeShowNutrition: z.boolean(),
  recipeShowAssets: z.boolean(),
  recipeLandscapeView: z.boolean(),
  recipeDisableComments: z.boolean(),
  recipeDisableAmount: z.boolean(),
  /** Hearth (issue 37): the unit system a shopping list writes merged amounts in. */
  unitSystem: z.enum(['metric', 'us', 'imperial']),
  /** Hearth (issue 37): ticking a shopping item marks its food on hand. */
  onHandFromShopping: z.boolean(),
  /** Hearth (issue 37): "I made this" starts with the recipe's on-hand foods ticked to clear. */
  onHandUsedUpByCooking: z.boolean(),
  id: z.string(),
});
export type HouseholdPreferences = z.infer<typeof householdPreferences>;
export const updateHouseholdPreferences = householdPreferences
  .omit({ id: true })
  .extend({ firstDayOfWeek: z.number().int().min(0).max(6) })
  .partial();

export const householdUserSummary = z.object({ id: z.string(), fullName: z.string() });
export const householdOut = z.object({
  groupId: z.string(),
  name: z.string(),
  id: z.string(),
  slug: z.string(),
  preferences: householdPreferences.nullable(),
  group: z.string(),
  users: z.array(householdUserSummary).nullable(),
  webhooks: z.array(z.unknown()),
});
export type HouseholdOut = z.infer<typeof householdOut>;
export const householdSummary = z.object({
  groupId: z.string(),
  name: z.string(),
  id: z.string(),
  slug: z.string(),
  preferences: householdPreferences.nullable(),
});
export type HouseholdSummary = z.infer<typeof householdSummary>;
export const householdCreate = z.object({
  // Mealie's UUID4 | None: an empty or malformed id is a 422 there, not a "Group not found".
  groupId: z
    .string()
    .regex(/^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i, 'Input should be a valid UUID')
    .nullish(),
  name: z.string().trim().min(1, fieldMessages.required).max(200),
});
export const householdAdminUpdate = z.object({
  groupId: z.string(),
  name: z.string().trim().min(1, fieldMessages.required).max(200),
  id: z.string().optional(),
  preferences: updateHouseholdPreferences.nullish(),
});
export type HouseholdAdminUpdate = z.infer<typeof householdAdminUpdate>;

export const setPermissions = z.object({
  userId: z.string(),
  canManageHousehold: z.boolean().default(false),
  canManage: z.boolean().default(false),
  canInvite: z.boolean().default(false),
  canOrganize: z.boolean().default(false),
});

export const householdStatistics = z.object({
  totalRecipes: z.number().int(),
  totalUsers: z.number().int(),
  totalCategories: z.number().int(),
  totalTags: z.number().int(),
  totalTools: z.number().int(),
});

export const createInviteToken = z.object({ uses: z.number().int().min(1).max(1000) });
export const inviteTokenOut = z.object({
  token: z.string(),
  usesLeft: z.number().int(),
  groupId: z.string(),
  householdId: z.string(),
});
export const emailInvitation = z.object({ email: z.string().trim().email(fieldMessages.email), token: z.string().min(1) });
export const emailInvitationResponse = z.object({ success: z.boolean(), error: z.string().nullable() });

export const groupPreferences = z.object({ privateGroup: z.boolean(), groupId: z.string(), id: z.string() });
export type GroupPreferences = z.infer<typeof groupPreferences>;
export const updateGroupPreferences = z.object({ privateGroup: z.boolean().optional() });
export const groupSummary = z.object({
  name: z.string(),
  id: z.string(),
  slug: z.string(),
  preferences: groupPreferences.nullable(),
});
export type GroupSummary = z.infer<typeof groupSummary>;
export const groupOut = groupSummary.extend({
  categories: z.array(z.unknown()),
  webhooks: z.array(z.unknown()),
  households: z.array(z.object({ id: z.string(), name: z.string() })).nullable(),
  users: z.array(userSummary).nullable(),
});
export type GroupOut = z.infer<typeof groupOut>;
export const groupCreate = z.object({ name: z.string().trim().min(1, fieldMessages.required).max(200) });
export const groupAdminUpdate = z.object({
  id: z.string().optional(),
  name: z.string().trim().min(1, fieldMessages.required).max(200),
  preferences: updateGroupPreferences.nullish(),
});
export const groupStorage = z.object({
  usedStorageBytes: z.number().int(),
  usedStorageStr: z.string(),
  totalStorageBytes: z.number().int(),
  totalStorageStr: z.string(),
});

export const unlockResults = z.object({ unlocked: z.number().int() });
