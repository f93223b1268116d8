/** Wire types, all from the shared contract (type-only imports: no zod in the web bundle). */
import type { z } from 'zod';
import type {
  changePassword,
  groupAdminUpdate,
  groupCreate,
  householdAdminUpdate,
  householdCreate,
  registration,
  resetPassword,
  setPermissions,
  userIn,
  userUpdate,
} from '../../../contract/accounts';
import type { adminAboutInfo, appStatistics, checkAppConfig } from '../../../contract/app';

export type {
  GroupOut,
  GroupSummary,
  HouseholdOut,
  HouseholdPreferences,
  LongLiveTokenOut,
  UserFlag,
  UserOut,
} from '../../../contract/accounts';
export type { AppInfo, AppTheme, StartupInfo } from '../../../contract/app';
export type { Paginated, SuccessResponse, ValidationResponse } from '../../../contract/common';

export type AdminAboutInfo = z.infer<typeof adminAboutInfo>;
export type CheckAppConfig = z.infer<typeof checkAppConfig>;
export type AppStatistics = z.infer<typeof appStatistics>;

export type RegistrationBody = z.input<typeof registration>;
export type UserInBody = z.input<typeof userIn>;
export type UserUpdateBody = z.input<typeof userUpdate>;
export type ChangePasswordBody = z.input<typeof changePassword>;
export type ResetPasswordBody = z.input<typeof resetPassword>;
export type SetPermissionsBody = z.input<typeof setPermissions>;
export type HouseholdCreateBody = z.input<typeof householdCreate>;
export type HouseholdUpdateBody = z.input<typeof householdAdminUpdate>;
export type GroupCreateBody = z.input<typeof groupCreate>;
export type GroupUpdateBody = z.input<typeof groupAdminUpdate>;

export interface TokenResponse {
  access_token: string;
  token_type: string;
}

export interface CookbookLink {
  id: string;
  slug: string;
  name: string;
  position?: number;
  householdId?: string;
}
