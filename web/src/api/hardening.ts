import { call } from './client';
import { ROUTES } from '../../../contract/route-table';

/** Sign-in sessions (issue 9): end every session of the signed-in user, this browser's included. */
export const sessionsApi = {
  logoutEverywhere: () => call(ROUTES.authLogoutEverywhere, { toasts: false }),
};
