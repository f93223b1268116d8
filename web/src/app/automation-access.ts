import type { UserFlag } from '../api/types';

/** Who sees and may change the household's notifiers and webhooks (the server's rule): any one of these. */
export const AUTOMATION_FLAGS: UserFlag[] = ['advanced', 'canManageHousehold', 'canManage'];
