import { api } from './client';
import type { SuccessResponse } from './types';
import { API } from '../../../contract/routes';

/** Sign-in sessions (issue 9): end every session of the signed-in user, this browser's included. */
export const sessionsApi = {
  logoutEverywhere: () => api.post<SuccessResponse>(API.authLogoutEverywhere, { toasts: false }),
};
