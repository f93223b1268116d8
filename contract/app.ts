import { z } from 'zod';

export const appInfo = z.object({
  production: z.boolean(),
  version: z.string(),
  demoStatus: z.boolean(),
  allowSignup: z.boolean(),
  defaultGroupSlug: z.string().nullable(),
  defaultHouseholdSlug: z.string().nullable(),
  enableOidc: z.boolean(),
  oidcRedirect: z.boolean(),
  oidcProviderName: z.string(),
  enableOpenai: z.boolean(),
  enableOpenaiImageServices: z.boolean(),
  allowPasswordLogin: z.boolean(),
  tokenTime: z.number(),
});
export type AppInfo = z.infer<typeof appInfo>;

export const adminAboutInfo = appInfo.extend({
  versionLatest: z.string(),
  apiPort: z.number().int(),
  apiDocs: z.boolean(),
  dbType: z.string(),
  dbUrl: z.string().nullable(),
  defaultGroup: z.string(),
  defaultHousehold: z.string(),
  buildId: z.string(),
  recipeScraperVersion: z.string(),
});

export const themeColors = [
  'lightPrimary', 'lightAccent', 'lightSecondary', 'lightSuccess', 'lightInfo', 'lightWarning', 'lightError',
  'darkPrimary', 'darkAccent', 'darkSecondary', 'darkSuccess', 'darkInfo', 'darkWarning', 'darkError',
] as const;
export const appTheme = z.object(Object.fromEntries(themeColors.map((k) => [k, z.string()])) as Record<(typeof themeColors)[number], z.ZodString>);
export type AppTheme = z.infer<typeof appTheme>;

export const startupInfo = z.object({ isFirstLogin: z.boolean(), isDemo: z.boolean() });
export type StartupInfo = z.infer<typeof startupInfo>;

export const appStatistics = z.object({
  totalRecipes: z.number().int(),
  totalUsers: z.number().int(),
  totalHouseholds: z.number().int(),
  totalGroups: z.number().int(),
  uncategorizedRecipes: z.number().int(),
  untaggedRecipes: z.number().int(),
});

export const checkAppConfig = z.object({
  emailReady: z.boolean(),
  ldapReady: z.boolean(),
  oidcReady: z.boolean(),
  enableOpenai: z.boolean(),
  baseUrlSet: z.boolean(),
  isUpToDate: z.boolean(),
});
