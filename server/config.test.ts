import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('config', () => {
  it('uses Mealie defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(9000);
    expect(c.db).toEqual({ engine: 'sqlite' });
    expect(c.tokenTimeHours).toBe(48);
    expect(c.maxLoginAttempts).toBe(5);
    expect(c.lockoutHours).toBe(24);
    expect(c.defaultGroup).toBe('Home');
    expect(c.defaultHousehold).toBe('Family');
    expect(c.theme.lightPrimary).toBe('#E58325');
    expect(c.theme.darkError).toBe('#EF5350');
  });

  it('builds the PostgreSQL URL from POSTGRES_* or takes the override', () => {
    const c = loadConfig({ DB_ENGINE: 'postgres', POSTGRES_USER: 'u', POSTGRES_PASSWORD: 'p@ss', POSTGRES_SERVER: 'db', POSTGRES_PORT: '5433', POSTGRES_DB: 'hearth' });
    expect(c.db).toEqual({ engine: 'postgres', url: 'postgresql://u:p%40ss@db:5433/hearth' });
    const o = loadConfig({ DB_ENGINE: 'postgres', POSTGRES_URL_OVERRIDE: 'postgresql://x:y@h/d' });
    expect(o.db).toEqual({ engine: 'postgres', url: 'postgresql://x:y@h/d' });
  });

  it('PORT wins over API_PORT', () => {
    expect(loadConfig({ API_PORT: '9100' }).port).toBe(9100);
    expect(loadConfig({ API_PORT: '9100', PORT: '9200' }).port).toBe(9200);
  });

  it.each([
    [{ DB_ENGINE: 'mysql' }, 'DB_ENGINE'],
    [{ API_PORT: 'ninety' }, 'API_PORT'],
    [{ TOKEN_TIME: '-1' }, 'TOKEN_TIME'],
    [{ ALLOW_SIGNUP: 'maybe' }, 'ALLOW_SIGNUP'],
    [{ SECURITY_MAX_LOGIN_ATTEMPTS: '0' }, 'SECURITY_MAX_LOGIN_ATTEMPTS'],
    [{ THEME_LIGHT_PRIMARY: 'orange' }, 'THEME_LIGHT_PRIMARY'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ SMTP_AUTH_STRATEGY: 'PLAIN' }, 'SMTP_AUTH_STRATEGY'],
    [{ BASE_URL: 'hearth.example' }, 'BASE_URL'],
  ])('a bad value names the variable: %o', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });

  it('start-up fails with one clear line naming the variable', () => {
    const root = path.resolve(import.meta.dirname, '..');
    const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'server/main.ts')], {
      cwd: root,
      env: { ...process.env, DB_ENGINE: 'oracle', DATA_DIR: '/tmp/hearth-never-used' },
      encoding: 'utf8',
      // Only a last guard against a hung start: a loaded host compiles and starts slowly.
      timeout: 240_000,
    });
    expect(result.status).toBe(2);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toBe('Hearth cannot start: DB_ENGINE must be "sqlite" or "postgres", got "oracle"');
  }, 300_000);
});
