import fs from 'node:fs';
import { ConfigError, readBool, type Env } from './config-env.js';

export interface LdapConfig {
  serverUrl: string;
  baseDn: string;
  queryBind: string | null;
  queryPassword: string | null;
  /** Extra filter ANDed into the user search; {id_attribute}, {mail_attribute} and {input} are filled in. */
  userFilter: string;
  adminFilter: string | null;
  idAttribute: string;
  mailAttribute: string;
  nameAttribute: string;
  startTls: boolean;
  tlsInsecure: boolean;
  /** PEM text of LDAP_TLS_CACERTFILE, read at start so a bad path fails start-up, not a sign-in. */
  caCert: string | null;
  timeoutMs: number;
}

export interface OidcConfig {
  configurationUrl: string;
  clientId: string;
  clientSecret: string;
  signupEnabled: boolean;
  userGroup: string | null;
  adminGroup: string | null;
  autoRedirect: boolean;
  providerName: string;
  rememberMe: boolean;
  userClaim: string;
  groupsClaim: string;
}

export interface IdentityConfig {
  /** Null unless LDAP_AUTH_ENABLED and every required LDAP_* variable is set (Mealie's rule). */
  ldap: LdapConfig | null;
  /** Null unless OIDC_AUTH_ENABLED and every required OIDC_* variable is set (Mealie's rule). */
  oidc: OidcConfig | null;
  allowPasswordLogin: boolean;
}

const text = (env: Env, name: string): string | null => env[name]?.trim() || null;

function readLdap(env: Env): LdapConfig | null {
  if (!readBool(env, 'LDAP_AUTH_ENABLED', false)) return null;
  const serverUrl = text(env, 'LDAP_SERVER_URL');
  const baseDn = text(env, 'LDAP_BASE_DN');
  if (!serverUrl || !baseDn) return null;
  if (!/^ldaps?:\/\//i.test(serverUrl)) throw new ConfigError(`LDAP_SERVER_URL must start with ldap:// or ldaps://, got "${serverUrl}"`);
  const caFile = text(env, 'LDAP_TLS_CACERTFILE');
  let caCert: string | null = null;
  if (caFile) {
    try {
      caCert = fs.readFileSync(caFile, 'utf8');
    } catch {
      throw new ConfigError(`LDAP_TLS_CACERTFILE cannot be read: "${caFile}"`);
    }
  }
  return {
    serverUrl,
    baseDn,
    queryBind: text(env, 'LDAP_QUERY_BIND'),
    queryPassword: env.LDAP_QUERY_PASSWORD ?? null,
    userFilter: text(env, 'LDAP_USER_FILTER') ?? '',
    adminFilter: text(env, 'LDAP_ADMIN_FILTER'),
    idAttribute: text(env, 'LDAP_ID_ATTRIBUTE') ?? 'uid',
    mailAttribute: text(env, 'LDAP_MAIL_ATTRIBUTE') ?? 'mail',
    nameAttribute: text(env, 'LDAP_NAME_ATTRIBUTE') ?? 'name',
    startTls: readBool(env, 'LDAP_ENABLE_STARTTLS', false),
    tlsInsecure: readBool(env, 'LDAP_TLS_INSECURE', false),
    caCert,
    timeoutMs: 5_000,
  };
}

function readOidc(env: Env): OidcConfig | null {
  if (!readBool(env, 'OIDC_AUTH_ENABLED', false)) return null;
  const configurationUrl = text(env, 'OIDC_CONFIGURATION_URL');
  const clientId = text(env, 'OIDC_CLIENT_ID');
  const clientSecret = env.OIDC_CLIENT_SECRET ?? '';
  if (!configurationUrl || !clientId) return null;
  if (!/^https?:\/\//i.test(configurationUrl)) throw new ConfigError(`OIDC_CONFIGURATION_URL must start with http:// or https://, got "${configurationUrl}"`);
  return {
    configurationUrl,
    clientId,
    clientSecret,
    signupEnabled: readBool(env, 'OIDC_SIGNUP_ENABLED', true),
    userGroup: text(env, 'OIDC_USER_GROUP'),
    adminGroup: text(env, 'OIDC_ADMIN_GROUP'),
    autoRedirect: readBool(env, 'OIDC_AUTO_REDIRECT', false),
    providerName: text(env, 'OIDC_PROVIDER_NAME') ?? 'OAuth',
    rememberMe: readBool(env, 'OIDC_REMEMBER_ME', false),
    userClaim: text(env, 'OIDC_USER_CLAIM') ?? 'email',
    groupsClaim: text(env, 'OIDC_GROUPS_CLAIM') ?? 'groups',
  };
}

export function readIdentityConfig(env: Env): IdentityConfig {
  return { ldap: readLdap(env), oidc: readOidc(env), allowPasswordLogin: readBool(env, 'ALLOW_PASSWORD_LOGIN', true) };
}
