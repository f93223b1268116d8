import { expect } from 'vitest';
import { op } from '../rows.js';

/** App and admin "about": public facts, theme, first-login hint, admin summary and statistics. */
export const appRows = [
  op('AppAboutApi', 'getAppInfoApiAppAboutGet').row({ as: 'anon', status: 200, args: () => [] }),
  op('AppAboutApi', 'getAppThemeApiAppAboutThemeGet').row({ as: 'anon', status: 200, args: () => [] }),
  op('AppAboutApi', 'getStartupInfoApiAppAboutStartupInfoGet').row({
    as: 'anon',
    status: 200,
    args: () => [],
    // The default admin still has the default password in a fresh DATA_DIR.
    check: (body) => expect(body.isFirstLogin).toBe(true),
  }),
  op('AdminAboutApi', 'getAppInfoApiAdminAboutGet').row({ status: 200, args: () => [] }),
  op('AdminAboutApi', 'getAppStatisticsApiAdminAboutStatisticsGet').row({
    status: 200,
    args: () => [],
    check: (body) => expect(body.totalUsers).toBeGreaterThanOrEqual(2),
  }),
  op('AdminAboutApi', 'checkAppConfigApiAdminAboutCheckGet').row({ status: 200, args: () => [] }),
];
