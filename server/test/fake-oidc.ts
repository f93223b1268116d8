import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';

/** Who the provider says is signing in: the claims it puts in the id_token. */
export interface FakeOidcUser {
  sub: string;
  email: string;
  name: string;
  preferred_username?: string;
  groups?: string[];
}

export interface FakeOidcProvider {
  issuer: string;
  /** OIDC_CONFIGURATION_URL for Hearth. */
  configurationUrl: string;
  clientId: string;
  clientSecret: string;
  /** The person the next /authorize signs in (as if they had typed their password there). */
  signInAs(user: FakeOidcUser): void;
  /** Makes the next token response carry an id_token whose payload was altered after signing. */
  tamperNextIdToken(): void;
  /** Makes the next token response signed by a key the provider's JWKS does not publish. */
  signNextWithForeignKey(): void;
  close(): Promise<void>;
}

interface PendingCode {
  user: FakeOidcUser;
  clientId: string;
  redirectUri: string;
  nonce: string | null;
  codeChallenge: string | null;
}

/**
 * A small but real OpenID provider on 127.0.0.1: discovery, JWKS, /authorize (which signs in whoever the
 * test chose and redirects with a code), /token (client secret, redirect_uri and PKCE S256 checked, RS256
 * id_token) and /userinfo. Enough to drive Hearth's relying party through every check it makes.
 */
export async function startFakeOidc(): Promise<FakeOidcProvider> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const foreign = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'hearth-test', use: 'sig', alg: 'RS256' };
  const clientId = 'hearth';
  const clientSecret = 'hearth-client-secret';
  const codes = new Map<string, PendingCode>();
  let nextUser: FakeOidcUser | null = null;
  let tamper = false;
  let foreignKey = false;
  let issuer = '';

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify(body));
  };
  const readBody = (req: http.IncomingMessage) =>
    new Promise<URLSearchParams>((resolve) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => resolve(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))));
    });

  const signIdToken = async (code: PendingCode) => {
    const key: CryptoKey = foreignKey ? foreign.privateKey : privateKey;
    foreignKey = false;
    const token = await new SignJWT({ ...code.user, ...(code.nonce ? { nonce: code.nonce } : {}) })
      .setProtectedHeader({ alg: 'RS256', kid: 'hearth-test' })
      .setIssuer(issuer)
      .setAudience(code.clientId)
      .setSubject(code.user.sub)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(key);
    if (!tamper) return token;
    tamper = false;
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    claims.groups = ['admins'];
    return `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
  };

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    if (url.pathname === '/.well-known/openid-configuration') {
      return json(res, 200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        userinfo_endpoint: `${issuer}/userinfo`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
        scopes_supported: ['openid', 'email', 'profile', 'groups'],
      });
    }
    if (url.pathname === '/jwks') return json(res, 200, { keys: [jwk] });
    if (url.pathname === '/authorize') {
      const redirectUri = url.searchParams.get('redirect_uri') ?? '';
      const back = new URL(redirectUri);
      const state = url.searchParams.get('state');
      if (state) back.searchParams.set('state', state);
      if (!nextUser || url.searchParams.get('client_id') !== clientId) {
        back.searchParams.set('error', 'access_denied');
        back.searchParams.set('error_description', 'Nobody signed in at the provider');
      } else {
        const code = crypto.randomBytes(16).toString('base64url');
        codes.set(code, {
          user: nextUser,
          clientId,
          redirectUri,
          nonce: url.searchParams.get('nonce'),
          codeChallenge: url.searchParams.get('code_challenge'),
        });
        back.searchParams.set('code', code);
      }
      res.writeHead(302, { location: back.href });
      return res.end();
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      const form = await readBody(req);
      const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
      const [id, secret] = basic
        ? Buffer.from(basic[1], 'base64').toString('utf8').split(':').map(decodeURIComponent)
        : [form.get('client_id'), form.get('client_secret')];
      if (id !== clientId || secret !== clientSecret) return json(res, 401, { error: 'invalid_client' });
      const pending = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      if (!pending || pending.redirectUri !== form.get('redirect_uri')) return json(res, 400, { error: 'invalid_grant' });
      const verifier = form.get('code_verifier') ?? '';
      const challenge = crypto.createHash('sha256').update(verifier).digest('base64url');
      if (!pending.codeChallenge || challenge !== pending.codeChallenge) {
        return json(res, 400, { error: 'invalid_grant', error_description: 'PKCE verification failed' });
      }
      const accessToken = crypto.randomBytes(16).toString('base64url');
      return json(res, 200, { access_token: accessToken, token_type: 'Bearer', expires_in: 300, id_token: await signIdToken(pending) });
    }
    if (url.pathname === '/userinfo') return json(res, 200, nextUser ?? {});
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    issuer,
    configurationUrl: `${issuer}/.well-known/openid-configuration`,
    clientId,
    clientSecret,
    signInAs(user) {
      nextUser = user;
    },
    tamperNextIdToken() {
      tamper = true;
    },
    signNextWithForeignKey() {
      foreignKey = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
