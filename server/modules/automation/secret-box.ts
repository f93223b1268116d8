import crypto from 'node:crypto';
import { loadOrCreateSecret } from '../../platform/auth/tokens.js';

/**
 * Encryption at rest for secrets the household gives us (notifier URLs carry tokens and passwords):
 * AES-256-GCM under a key derived (HKDF-SHA256) from DATA_DIR/.secret, the same file that signs tokens, so
 * every process sharing the data directory can read what another wrote. Stored as "v1:" + base64url(iv|tag|ct).
 */
const keys = new Map<string, Buffer>();

function keyFor(dataDir: string): Buffer {
  let key = keys.get(dataDir);
  if (!key) {
    key = Buffer.from(crypto.hkdfSync('sha256', loadOrCreateSecret(dataDir), 'hearth', 'notifier-url-v1', 32));
    keys.set(dataDir, key);
  }
  return key;
}

export function seal(dataDir: string, plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', keyFor(dataDir), iv);
  const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `v1:${Buffer.concat([iv, cipher.getAuthTag(), ct]).toString('base64url')}`;
}

export function open(dataDir: string, sealed: string): string {
  if (!sealed.startsWith('v1:')) throw new Error('Not an encrypted value');
  const raw = Buffer.from(sealed.slice(3), 'base64url');
  const decipher = crypto.createDecipheriv('aes-256-gcm', keyFor(dataDir), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
