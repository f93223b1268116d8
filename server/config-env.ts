/* Reading settings from the environment: the one error type a bad value raises, and the readers every config file shares. */

/** A bad environment value: start-up stops with its one-line message naming the variable. */
export class ConfigError extends Error {}

/** The environment as the settings read it. */
export type Env = Record<string, string | undefined>;

/** A true/false setting (1/true/yes/on/t/y or 0/false/no/off/f/n); unset or empty gives the fallback. */
export function readBool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const v = raw.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on', 't', 'y'].includes(v)) return true;
  if (['0', 'false', 'no', 'off', 'f', 'n'].includes(v)) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

/** A whole-number setting within [min, max]; unset or empty gives the fallback. */
export function readInt(env: Env, name: string, fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw.trim());
  if (!Number.isFinite(n) || !Number.isInteger(n) || n < min || n > max) {
    throw new ConfigError(`${name} must be a whole number between ${min} and ${max}, got "${raw}"`);
  }
  return n;
}
