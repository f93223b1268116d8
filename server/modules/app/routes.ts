import { adminAboutInfo, appInfo, appStatistics, appTheme, checkAppConfig, startupInfo, type AppTheme } from '../../../contract/app.js';
import { VERSION } from '../../version.js';
import { smtpReady } from '../../config.js';
import { verifyPassword } from '../../platform/auth/passwords.js';
import type { Deps } from '../../platform/deps.js';
import type { App } from '../../platform/http.js';
import { slugify } from '../../platform/slug.js';
import { findUserByEmail } from '../users/repo.js';
import { appStatisticsFor } from './statistics.js';
import { API } from '../../../contract/routes.js';

export function aboutInfo(deps: Deps) {
  const { config } = deps;
  const openai = Boolean(config.openai.apiKey);
  return {
    production: config.production,
    version: VERSION,
    demoStatus: config.isDemo,
    allowSignup: config.allowSignup,
    defaultGroupSlug: slugify(config.defaultGroup),
    defaultHouseholdSlug: slugify(config.defaultHousehold),
    enableOidc: Boolean(config.identity.oidc),
    oidcRedirect: config.identity.oidc?.autoRedirect ?? false,
    oidcProviderName: config.identity.oidc?.providerName ?? 'OAuth',
    enableOpenai: openai,
    enableOpenaiImageServices: openai && config.openai.enableImageServices,
    allowPasswordLogin: config.identity.allowPasswordLogin,
    tokenTime: config.tokenTimeHours,
  };
}

export default async function appRoutes(app: App, deps: Deps) {
  const tags = ['App: About'];
  app.get(API.appAbout, { config: { access: 'public' }, schema: { tags, response: { 200: appInfo } } }, async () => aboutInfo(deps));

  app.get(API.appAboutTheme, { config: { access: 'public' }, schema: { tags, response: { 200: appTheme } } }, async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=604800');
    return deps.config.theme as AppTheme;
  });

  // Public and asked by every web app start: the compare is a bcrypt hash's work, so its answer is kept for as
  // long as the admin's stored hash stays the same (a new password or a re-hash asks again).
  let firstLogin: { hash: string; answer: Promise<boolean> } | undefined;
  app.get(API.appAboutStartupInfo, { config: { access: 'public' }, schema: { tags, response: { 200: startupInfo } } }, async () => {
    const { defaultAdmin } = deps.config;
    const admin = await findUserByEmail(deps.db, defaultAdmin.email);
    let isFirstLogin = false;
    if (admin?.password) {
      if (firstLogin?.hash !== admin.password) {
        firstLogin = { hash: admin.password, answer: verifyPassword(defaultAdmin.password, admin.password, deps.config.signIn.bcryptCost) };
      }
      isFirstLogin = await firstLogin.answer;
    }
    return { isFirstLogin, isDemo: deps.config.isDemo };
  });

  const adminTags = ['Admin: About'];
  app.get(API.adminAbout, { config: { access: 'admin' }, schema: { tags: adminTags, response: { 200: adminAboutInfo } } }, async () => ({
    ...aboutInfo(deps),
    versionLatest: VERSION,
    apiPort: deps.config.port,
    apiDocs: deps.config.apiDocs,
    dbType: deps.engine,
    dbUrl: deps.config.db.engine === 'postgres' ? deps.config.db.url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:*****@') : 'sqlite',
    defaultGroup: deps.config.defaultGroup,
    defaultHousehold: deps.config.defaultHousehold,
    buildId: deps.config.buildId,
    recipeScraperVersion: `hearth-${VERSION}`,
  }));
  app.get(API.adminAboutStatistics, { config: { access: 'admin' }, schema: { tags: adminTags, response: { 200: appStatistics } } }, async () =>
    appStatisticsFor(deps),
  );
  app.get(API.adminAboutCheck, { config: { access: 'admin' }, schema: { tags: adminTags, response: { 200: checkAppConfig } } }, async () => ({
    emailReady: smtpReady(deps.config),
    ldapReady: Boolean(deps.config.identity.ldap),
    oidcReady: Boolean(deps.config.identity.oidc),
    enableOpenai: Boolean(deps.config.openai.apiKey),
    baseUrlSet: !/localhost|127\.0\.0\.1/.test(deps.config.baseUrl),
    isUpToDate: true,
  }));
}
