import path from 'node:path';
import { ConfigError, readBool, readInt, type Env } from './config-env.js';
import { readIdentityConfig, type IdentityConfig } from './config-identity.js';
import { readBackupCopyConfig, readStorageConfig, type StorageConfig } from './config-storage.js';
import { readSignInConfig, readTrustedProxies, type SignInConfig } from './config-sign-in.js';

/** Typed configuration read from the environment, using Mealie's variable names where they exist. */
export interface Config {
  production: boolean;
  baseUrl: string;
  dataDir: string;
  host: string;
  port: number;
  apiDocs: boolean;
  tokenTimeHours: number;
  allowSignup: boolean;
  defaultGroup: string;
  defaultHousehold: string;
  defaultAdmin: { username: string; email: string; password: string; fullName: string };
  maxLoginAttempts: number;
  lockoutHours: number;
  /** Password hashing cost and the limits on password attempts (config-sign-in.ts). */
  signIn: SignInConfig;
  /** HEARTH_TRUSTED_PROXIES: Fastify's trustProxy — whose X-Forwarded-For names the client (config-sign-in.ts). */
  trustedProxies: string | boolean;
  db: { engine: 'sqlite' } | { engine: 'postgres'; url: string };
  logLevel: string;
  /** LOG_FORMAT: `text` (one line a person reads) or `json`; unset: text on a terminal, else JSON. */
  logFormat: 'text' | 'json';
  /** METRICS_TOKEN: a bearer token that opens GET /api/app/metrics (and nothing else) to a scraper. */
  metricsToken: string | undefined;
  /** SHUTDOWN_SECONDS: how long a stopping server waits for in-flight requests and jobs (default 9, under Docker's 10). */
  shutdownSeconds: number;
  isDemo: boolean;
  theme: Record<string, string>;
  smtp: {
    host?: string;
    port: number;
    fromName: string;
    fromEmail?: string;
    user?: string;
    password?: string;
    strategy: 'TLS' | 'SSL' | 'NONE';
  };
  openai: { apiKey?: string; baseUrl?: string; model: string; enableImageServices: boolean; timeoutSeconds: number };
  allowPrivateNetworkFetch: boolean;
  staticDir?: string;
  buildId: string;
  /** Adds an x-hearth-queries header with the number of SQL statements a request ran (tests, benchmarks). */
  exposeQueryCount: boolean;
  /** Sign-in through LDAP or OpenID Connect, and whether the password form is offered. */
  identity: IdentityConfig;
  /** Where images, assets, avatars, exports and backups live: DATA_DIR (default) or an S3-compatible bucket. */
  storage: StorageConfig;
  /** BACKUP_COPY_TO_S3: where each verified backup is also copied (the S3_* bucket), or null. */
  backupCopy: StorageConfig | null;
  /** HEARTH_ROLES: what this process does — web (HTTP, live streams), worker (jobs, event delivery), scheduler. */
  roles: Array<'web' | 'worker' | 'scheduler'>;
  /** HEARTH_JOB_LEASE_SECONDS (60): a running job whose process stopped renewing it is retried after this. */
  jobLeaseMs: number;
  /**
   * Days kept of rows that only ever grow (0 = keep forever): HEARTH_RETENTION_DAYS (30) for all, or per kind
   * HEARTH_EVENTS_RETENTION_DAYS (the outbox and its failure log), HEARTH_JOBS_RETENTION_DAYS (finished jobs,
   * pg-boss's archive), HEARTH_DELIVERIES_RETENTION_DAYS (notifier delivery log).
   */
  retention: RetentionConfig;
  /** SECRET: the token signing secret shared by every process (else one stored in the database). */
  secret?: string;
}

export { ConfigError };

export interface RetentionConfig {
  eventsDays: number;
  jobsDays: number;
  deliveriesDays: number;
}

function readRetention(env: Env): RetentionConfig {
  const all = readInt(env, 'HEARTH_RETENTION_DAYS', 30, 0, 36_500);
  return {
    eventsDays: readInt(env, 'HEARTH_EVENTS_RETENTION_DAYS', all, 0, 36_500),
    jobsDays: readInt(env, 'HEARTH_JOBS_RETENTION_DAYS', all, 0, 36_500),
    deliveriesDays: readInt(env, 'HEARTH_DELIVERIES_RETENTION_DAYS', all, 0, 36_500),
  };
}

const THEME_DEFAULTS: Record<string, string> = {
  PRIMARY: '#E58325',
  ACCENT: '#007A99',
  SECONDARY: '#973542',
  SUCCESS: '#43A047',
  INFO: '#1976D2',
  WARNING: '#FF6D00',
  ERROR: '#EF5350',
};

function readNumber(env: Env, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw.trim());
  if (!Number.isFinite(n) || n < min) throw new ConfigError(`${name} must be a number of at least ${min}, got "${raw}"`);
  return n;
}

function readColor(env: Env, name: string, fallback: string): string {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(raw.trim())) {
    throw new ConfigError(`${name} must be a colour like #E58325, got "${raw}"`);
  }
  return raw.trim();
}

function postgresUrl(env: Env): string {
  const override = env.POSTGRES_URL_OVERRIDE;
  if (override) {
    if (!/^postgres(ql)?:\/\//.test(override)) {
      throw new ConfigError('POSTGRES_URL_OVERRIDE must start with postgresql://');
    }
    return override;
  }
  const user = encodeURIComponent(env.POSTGRES_USER ?? 'mealie');
  const password = encodeURIComponent(env.POSTGRES_PASSWORD ?? 'mealie');
  const server = env.POSTGRES_SERVER ?? 'postgres';
  const port = readInt(env, 'POSTGRES_PORT', 5432, 1, 65535);
  const db = encodeURIComponent(env.POSTGRES_DB ?? 'mealie');
  return `postgresql://${user}:${password}@${server}:${port}/${db}`;
}

export function loadConfig(env: Env = process.env): Config {
  const engine = (env.DB_ENGINE ?? 'sqlite').trim().toLowerCase();
  if (engine !== 'sqlite' && engine !== 'postgres') {
    throw new ConfigError(`DB_ENGINE must be "sqlite" or "postgres", got "${env.DB_ENGINE}"`);
  }
  const strategy = (env.SMTP_AUTH_STRATEGY ?? 'TLS').trim().toUpperCase();
  if (strategy !== 'TLS' && strategy !== 'SSL' && strategy !== 'NONE') {
    throw new ConfigError(`SMTP_AUTH_STRATEGY must be TLS, SSL or NONE, got "${env.SMTP_AUTH_STRATEGY}"`);
  }
  const logLevel = (env.LOG_LEVEL ?? 'info').trim().toLowerCase();
  const levels = ['trace', 'debug', 'info', 'warning', 'warn', 'error', 'critical', 'fatal', 'silent'];
  if (!levels.includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${levels.join(', ')}, got "${env.LOG_LEVEL}"`);
  const logFormat = (env.LOG_FORMAT ?? '').trim().toLowerCase() || (process.stdout.isTTY ? 'text' : 'json');
  if (logFormat !== 'text' && logFormat !== 'json') throw new ConfigError(`LOG_FORMAT must be "text" or "json", got "${env.LOG_FORMAT}"`);
  const baseUrl = (env.BASE_URL ?? 'http://localhost:9000').replace(/\/+$/, '');
  if (!/^https?:\/\//.test(baseUrl)) throw new ConfigError(`BASE_URL must start with http:// or https://, got "${env.BASE_URL}"`);

  const storage = readStorageConfig(env);
  const theme: Record<string, string> = {};
  for (const [key, fallback] of Object.entries(THEME_DEFAULTS)) {
    const camel = key[0] + key.slice(1).toLowerCase();
    theme[`light${camel}`] = readColor(env, `THEME_LIGHT_${key}`, fallback);
    theme[`dark${camel}`] = readColor(env, `THEME_DARK_${key}`, fallback);
  }

  return {
    production: readBool(env, 'PRODUCTION', true),
    baseUrl,
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    host: env.API_HOST ?? '0.0.0.0',
    port: readInt(env, 'PORT', readInt(env, 'API_PORT', 9000, 0, 65535), 0, 65535),
    apiDocs: readBool(env, 'API_DOCS', true),
    tokenTimeHours: readNumber(env, 'TOKEN_TIME', 48, 0.001),
    allowSignup: readBool(env, 'ALLOW_SIGNUP', false),
    defaultGroup: env.DEFAULT_GROUP?.trim() || 'Home',
    defaultHousehold: env.DEFAULT_HOUSEHOLD?.trim() || 'Family',
    defaultAdmin: {
      username: env.DEFAULT_ADMIN_USERNAME?.trim() || 'admin',
      email: env.DEFAULT_ADMIN_EMAIL?.trim() || 'changeme@example.com',
      password: env.DEFAULT_ADMIN_PASSWORD || 'MyPassword',
      fullName: env.DEFAULT_ADMIN_FULL_NAME?.trim() || 'Change Me',
    },
    maxLoginAttempts: readInt(env, 'SECURITY_MAX_LOGIN_ATTEMPTS', 5, 1),
    lockoutHours: readNumber(env, 'SECURITY_USER_LOCKOUT_TIME', 24, 0),
    signIn: readSignInConfig(env),
    trustedProxies: readTrustedProxies(env),
    db: engine === 'postgres' ? { engine: 'postgres', url: postgresUrl(env) } : { engine: 'sqlite' },
    logLevel: logLevel === 'warning' ? 'warn' : logLevel === 'critical' ? 'fatal' : logLevel,
    logFormat,
    metricsToken: env.METRICS_TOKEN?.trim() || undefined,
    shutdownSeconds: readNumber(env, 'SHUTDOWN_SECONDS', 9, 0.1),
    isDemo: readBool(env, 'IS_DEMO', false),
    theme,
    smtp: {
      host: env.SMTP_HOST || undefined,
      port: readInt(env, 'SMTP_PORT', 587, 1, 65535),
      fromName: env.SMTP_FROM_NAME || 'Hearth',
      fromEmail: env.SMTP_FROM_EMAIL || undefined,
      user: env.SMTP_USER || undefined,
      password: env.SMTP_PASSWORD || undefined,
      strategy,
    },
    openai: {
      apiKey: env.OPENAI_API_KEY || undefined,
      baseUrl: env.OPENAI_BASE_URL || undefined,
      model: env.OPENAI_MODEL || 'gpt-4o',
      enableImageServices: readBool(env, 'OPENAI_ENABLE_IMAGE_SERVICES', true),
      timeoutSeconds: readInt(env, 'OPENAI_REQUEST_TIMEOUT', 60, 1),
    },
    allowPrivateNetworkFetch: readBool(env, 'ALLOW_PRIVATE_NETWORK_FETCH', false),
    staticDir: env.STATIC_FILES || undefined,
    buildId: env.GIT_COMMIT_HASH || 'unknown',
    exposeQueryCount: readBool(env, 'HEARTH_EXPOSE_QUERY_COUNT', false),
    identity: readIdentityConfig(env),
    storage,
    backupCopy: readBackupCopyConfig(env, storage),
    roles: readRoles(env),
    jobLeaseMs: readNumber(env, 'HEARTH_JOB_LEASE_SECONDS', 60, 1) * 1000,
    retention: readRetention(env),
    secret: readSecret(env),
  };
}

function readRoles(env: Env): Config['roles'] {
  const raw = (env.HEARTH_ROLES ?? '').trim().toLowerCase();
  if (raw === '' || raw === 'all') return ['web', 'worker', 'scheduler'];
  const roles = [...new Set(raw.split(/[\s,]+/).filter(Boolean))];
  for (const role of roles) {
    if (role !== 'web' && role !== 'worker' && role !== 'scheduler') {
      throw new ConfigError(`HEARTH_ROLES must list web, worker and/or scheduler (or "all"), got "${env.HEARTH_ROLES}"`);
    }
  }
  return roles as Config['roles'];
}

function readSecret(env: Env): string | undefined {
  const raw = env.SECRET;
  if (raw === undefined || raw === '') return undefined;
  if (raw.length < 16) throw new ConfigError('SECRET must be at least 16 characters');
  return raw;
}

export function smtpReady(config: Config): boolean {
  const s = config.smtp;
  if (!s.host || !s.fromEmail || !s.fromName) return false;
  if (s.strategy !== 'NONE' && (!s.user || !s.password)) return false;
  return true;
}
