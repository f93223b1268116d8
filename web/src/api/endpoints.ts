import { api } from './client';
import type {
  AdminAboutInfo,
  AppInfo,
  AppStatistics,
  AppTheme,
  ChangePasswordBody,
  CheckAppConfig,
  CookbookLink,
  GroupCreateBody,
  GroupOut,
  GroupUpdateBody,
  HouseholdCreateBody,
  HouseholdOut,
  HouseholdUpdateBody,
  LongLiveTokenOut,
  Paginated,
  RegistrationBody,
  ResetPasswordBody,
  SetPermissionsBody,
  StartupInfo,
  SuccessResponse,
  TokenResponse,
  UserInBody,
  UserOut,
  UserUpdateBody,
  ValidationResponse,
} from './types';

const all = { page: 1, perPage: -1 } as const;
const enc = encodeURIComponent;

export const appApi = {
  about: () => api.get<AppInfo>('/api/app/about'),
  /** Theme colours; a failure is ignored (no toast). */
  theme: () => api.get<AppTheme>('/api/app/about/theme', { toasts: false }),
  startupInfo: () => api.get<StartupInfo>('/api/app/about/startup-info', { toasts: false }),
};

export const authApi = {
  login: (username: string, password: string, rememberMe: boolean) =>
    api.post<TokenResponse>('/api/auth/token', {
      form: { username, password, remember_me: String(rememberMe) },
    }),
  logout: () => api.post<SuccessResponse>('/api/auth/logout', { toasts: false }),
  oauthCallback: (search: string) => api.get<TokenResponse>(`/api/auth/oauth/callback${search}`),
};

export const userApi = {
  self: () => api.get<UserOut>('/api/users/self', { toasts: false }),
  update: (id: string, body: UserUpdateBody) => api.put<unknown>(`/api/users/${enc(id)}`, { json: body }),
  changePassword: (body: ChangePasswordBody) => api.put<SuccessResponse>('/api/users/password', { json: body }),
  register: (body: RegistrationBody) => api.post<UserOut>('/api/users/register', { json: body }),
  forgotPassword: (email: string) => api.post<unknown>('/api/users/forgot-password', { json: { email } }),
  resetPassword: (body: ResetPasswordBody) => api.post<unknown>('/api/users/reset-password', { json: body }),
  createApiToken: (name: string) => api.post<LongLiveTokenOut>('/api/users/api-tokens', { json: { name } }),
  deleteApiToken: (id: number) => api.delete<unknown>(`/api/users/api-tokens/${id}`),
};

export const validatorApi = {
  userName: (name: string) => api.get<ValidationResponse>('/api/validators/user/name', { query: { name }, toasts: false }),
  userEmail: (email: string) =>
    api.get<ValidationResponse>('/api/validators/user/email', { query: { email }, toasts: false }),
  groupName: (name: string) => api.get<ValidationResponse>('/api/validators/group', { query: { name }, toasts: false }),
};

export const householdApi = {
  members: () =>
    api.get<Paginated<UserOut>>('/api/households/members', {
      query: { ...all, orderBy: 'full_name', orderDirection: 'asc' },
    }),
  setPermissions: (body: SetPermissionsBody) => api.put<UserOut>('/api/households/permissions', { json: body }),
  cookbooks: () =>
    api.get<Paginated<CookbookLink>>('/api/households/cookbooks', {
      query: { ...all, orderBy: 'position', orderDirection: 'asc' },
      toasts: false,
    }),
};

export const adminApi = {
  about: () => api.get<AdminAboutInfo>('/api/admin/about'),
  check: () => api.get<CheckAppConfig>('/api/admin/about/check'),
  statistics: () => api.get<AppStatistics>('/api/admin/about/statistics'),

  users: () => api.get<Paginated<UserOut>>('/api/admin/users', { query: { ...all, orderBy: 'username', orderDirection: 'asc' } }),
  createUser: (body: UserInBody) => api.post<UserOut>('/api/admin/users', { json: body }),
  updateUser: (id: string, body: UserUpdateBody) => api.put<UserOut>(`/api/admin/users/${enc(id)}`, { json: body }),
  deleteUser: (id: string) => api.delete<unknown>(`/api/admin/users/${enc(id)}`),
  unlockUsers: (force = true) => api.post<{ unlocked: number }>('/api/admin/users/unlock', { query: { force } }),
  passwordResetToken: (email: string) =>
    api.post<{ token: string }>('/api/admin/users/password-reset-token', { json: { email } }),

  households: () =>
    api.get<Paginated<HouseholdOut>>('/api/admin/households', { query: { ...all, orderBy: 'name', orderDirection: 'asc' } }),
  createHousehold: (body: HouseholdCreateBody) => api.post<HouseholdOut>('/api/admin/households', { json: body }),
  updateHousehold: (id: string, body: HouseholdUpdateBody) =>
    api.put<HouseholdOut>(`/api/admin/households/${enc(id)}`, { json: body }),
  deleteHousehold: (id: string) => api.delete<HouseholdOut>(`/api/admin/households/${enc(id)}`),

  groups: () => api.get<Paginated<GroupOut>>('/api/admin/groups', { query: { ...all, orderBy: 'name', orderDirection: 'asc' } }),
  createGroup: (body: GroupCreateBody) => api.post<GroupOut>('/api/admin/groups', { json: body }),
  updateGroup: (id: string, body: GroupUpdateBody) => api.put<GroupOut>(`/api/admin/groups/${enc(id)}`, { json: body }),
  deleteGroup: (id: string) => api.delete<GroupOut>(`/api/admin/groups/${enc(id)}`),
};

/** The avatar of a user (served publicly). */
export function avatarUrl(user: Pick<UserOut, 'id' | 'cacheKey'>): string {
  return `/api/media/users/${enc(user.id)}/profile.webp?cacheKey=${enc(user.cacheKey ?? '')}`;
}
