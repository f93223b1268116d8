import crypto from 'node:crypto';
import type { Deps } from '../../platform/deps.js';
import { resolveSecret } from '../../platform/auth/secret.js';

/**
 * Encryption at rest for secrets the household gives us (notifier URLs carry tokens and passwords):
 * AES-256-GCM under a key derived (HKDF-SHA256) from the site's signing secret — SECRET, or the one stored once
 * in the database (server/platform/auth/secret.ts) — so every process sharing the database, on any machine,
 * reads what another wrote. An install whose secret came from DATA_DIR/.secret keeps the same key (that file's
 * value is what the database stores). Stored as "v1:" + base64url(iv|tag|ct).
 */
type SecretDeps = Pick<Deps, 'config' | 'db'>;
const keys = new WeakMap<object, Promise<Buffer>>();

function keyFor(deps: SecretDeps): Promise<Buffer> {
  let key = keys.get(deps.db);
  if (!key) {
    key = resolveSecret(deps.config, deps.db).then((secret) => Buffer.from(crypto.hkdfSync('sha256', secret, 'hearth', 'notifier-url-v1', 32)));
    key.catch(() => keys.delete(deps.db));
    keys.set(deps.db, key);
  }
  return key;
}

export async function seal(deps: SecretDeps, plain: string): Promise<string> {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', await keyFor(deps), iv);
  const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `v1:${Buffer.concat([iv, cipher.getAuthTag(), ct]).toString('base64url')}`;
}

export async function open(deps: SecretDeps, sealed: string): Promise<string> {
  if (!sealed.startsWith('v1:')) throw new Error('Not an encrypted value');
  const raw = Buffer.from(sealed.slice(3), 'base64url');
  const decipher = crypto.createDecipheriv('aes-256-gcm', await keyFor(deps), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
