import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { jwtVerify, SignJWT } from 'jose';

/** The signing secret: created once in DATA_DIR/.secret and kept across restarts. */
export function loadOrCreateSecret(dataDir: string): Uint8Array {
  const file = path.join(dataDir, '.secret');
  fs.mkdirSync(dataDir, { recursive: true });
  let hex: string;
  try {
    hex = fs.readFileSync(file, 'utf8').trim();
  } catch {
    hex = '';
  }
  if (!/^[0-9a-f]{64}$/.test(hex)) {
    hex = crypto.randomBytes(32).toString('hex');
    fs.writeFileSync(file, hex, { mode: 0o600 });
  }
  return new TextEncoder().encode(hex);
}

export interface TokenClaims {
  sub?: string;
  long_token?: boolean;
  id?: string;
  name?: string;
  integration_id?: string;
  file?: string;
  slug?: string;
  purpose?: string;
  [key: string]: unknown;
}

const VERIFIED_CACHE_SIZE = 1000;

export class TokenService {
  /** The HMAC key imported once: jose would otherwise import the raw secret through WebCrypto on every call. */
  private readonly key: Promise<CryptoKey>;
  /** Tokens already verified (a token's signature never changes), kept until they expire. */
  private readonly verified = new Map<string, TokenClaims>();

  constructor(secret: Uint8Array) {
    this.key = crypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  }

  async sign(claims: TokenClaims, expiresInSeconds: number): Promise<string> {
    // A unique id and the issue time make every token distinct, even two minted in the same second for the
    // same user and name (long_live_tokens stores tokens verbatim and must not collide).
    return new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setJti(crypto.randomUUID())
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + Math.max(1, Math.round(expiresInSeconds)))
      .sign(await this.key);
  }

  /** Returns the claims, or null for a bad, expired or foreign token. */
  async verify(token: string): Promise<TokenClaims | null> {
    const known = this.verified.get(token);
    if (known) {
      if (typeof known.exp === 'number' && known.exp * 1000 > Date.now()) return known;
      this.verified.delete(token);
    }
    try {
      const { payload } = await jwtVerify(token, await this.key, { algorithms: ['HS256'] });
      const claims = payload as TokenClaims;
      if (typeof claims.exp === 'number') {
        if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.delete(this.verified.keys().next().value as string);
        this.verified.set(token, claims);
      }
      return claims;
    } catch {
      return null;
    }
  }

  accessToken(userId: string, hours: number, issuer = true): Promise<string> {
    return this.sign(issuer ? { sub: userId, iss: 'mealie' } : { sub: userId }, hours * 3600);
  }

  /** Long-lived API token, stored verbatim in long_live_tokens so that deleting the row revokes it. */
  apiToken(userId: string, name: string, integrationId: string): Promise<string> {
    return this.sign({ long_token: true, id: userId, name, integration_id: integrationId }, 1825 * 24 * 3600);
  }

  /** Short-lived (30 min) token naming one stored file (its storage key) to download through /api/utils/download. */
  fileToken(key: string): Promise<string> {
    return this.sign({ file: key }, 30 * 60);
  }
}

export function randomToken(bytes = 24): string {
  return crypto.randomBytes(bytes).toString('base64url');
}
