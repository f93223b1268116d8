import type * as OpenIdClient from 'openid-client';
import { DEFAULT_LOCALE, translateError, type ErrorKey, type MessageVars } from '../../i18n/index.js';
import { lazyRequire } from '../../../lazy.js';
import type { OidcConfig } from '../../../config-identity.js';

export interface OidcFlow {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface OidcIdentity {
  /** The value of OIDC_USER_CLAIM: matched against username, then email. */
  userClaim: string;
  preferredUsername: string | null;
  name: string;
  email: string;
  groups: string[];
}

/** A provider answer that is not a sign-in: shown to the person on the login page. */
/** A refused or failed OpenID Connect step; `key` and `vars` say why in the client's language. */
export class OidcError extends Error {
  constructor(
    public readonly key: ErrorKey,
    public readonly vars: MessageVars = {},
  ) {
    super(translateError(DEFAULT_LOCALE, key, vars));
  }
}

/**
 * One OpenID Connect relying party: discovery (cached; http issuers allowed because home networks often
 * run their provider without TLS inside), the authorization code flow with PKCE S256, state and nonce,
 * and an id_token verified against the provider's JWKS by openid-client.
 */
/** openid-client (and oauth4webapi under it) loads at the first OIDC sign-in, not in every server's start-up. */
const requireOpenIdClient = lazyRequire<typeof OpenIdClient>('openid-client');
async function loadOpenIdClient(): Promise<typeof OpenIdClient> {
  return requireOpenIdClient();
}

export class OidcProvider {
  private discovered: Promise<OpenIdClient.Configuration> | null = null;

  constructor(private readonly config: OidcConfig) {}

  private configuration(): Promise<OpenIdClient.Configuration> {
    if (!this.discovered) {
      const url = new URL(this.config.configurationUrl);
      // openid-client trusts an id_token fetched over TLS without checking its signature unless told
      // otherwise; Hearth always checks it against the provider's JWKS (and allows http issuers).
      this.discovered = loadOpenIdClient()
        .then((client) => {
          const execute = url.protocol === 'http:' ? [client.allowInsecureRequests, client.enableNonRepudiationChecks] : [client.enableNonRepudiationChecks];
          return client.discovery(url, this.config.clientId, this.config.clientSecret || undefined, undefined, { execute, timeout: 10 });
        })
        .catch((error: unknown) => {
          this.discovered = null; // try again at the next sign-in
          throw new OidcError('auth.oidc-unreachable', { reason: error instanceof Error ? error.message : String(error) });
        });
    }
    return this.discovered;
  }

  private scope(): string {
    const groupsNeeded = this.config.userGroup || this.config.adminGroup;
    return groupsNeeded ? `openid email profile ${this.config.groupsClaim}` : 'openid email profile';
  }

  async start(redirectUri: string): Promise<{ url: string; flow: OidcFlow }> {
    const configuration = await this.configuration();
    const client = await loadOpenIdClient();
    const flow: OidcFlow = { state: client.randomState(), nonce: client.randomNonce(), codeVerifier: client.randomPKCECodeVerifier() };
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri,
      scope: this.scope(),
      response_type: 'code',
      code_challenge: await client.calculatePKCECodeChallenge(flow.codeVerifier),
      code_challenge_method: 'S256',
      state: flow.state,
      nonce: flow.nonce,
    });
    return { url: url.href, flow };
  }

  /** Exchanges the code the provider sent back; every check failing is an OidcError with the reason. */
  async finish(callbackUrl: URL, flow: OidcFlow, redirectUri: string): Promise<OidcIdentity> {
    const configuration = await this.configuration();
    const client = await loadOpenIdClient();
    const providerError = callbackUrl.searchParams.get('error');
    if (providerError) {
      throw new OidcError('auth.oidc-refused', { reason: callbackUrl.searchParams.get('error_description') || providerError });
    }
    let claims: OpenIdClient.IDToken | undefined;
    let userInfo: Record<string, unknown> = {};
    try {
      const tokens = await client.authorizationCodeGrant(
        configuration,
        callbackUrl,
        { pkceCodeVerifier: flow.codeVerifier, expectedState: flow.state, expectedNonce: flow.nonce, idTokenExpected: true },
        { redirect_uri: redirectUri },
      );
      claims = tokens.claims();
      if (claims && configuration.serverMetadata().userinfo_endpoint && (!claims.email || !claims.name)) {
        userInfo = (await client.fetchUserInfo(configuration, tokens.access_token, claims.sub)) as Record<string, unknown>;
      }
    } catch (error) {
      throw new OidcError('auth.oidc-not-verified', { reason: error instanceof Error ? error.message : String(error) });
    }
    if (!claims) throw new OidcError('auth.oidc-no-id-token');
    const all: Record<string, unknown> = { ...userInfo, ...claims };
    const read = (name: string) => (typeof all[name] === 'string' ? (all[name] as string) : '');
    const userClaim = read(this.config.userClaim);
    const email = read('email');
    const name = read('name') || read('preferred_username') || userClaim;
    if (!userClaim || !email) throw new OidcError('auth.oidc-missing-claims', { claim: this.config.userClaim });
    const rawGroups = all[this.config.groupsClaim];
    const groups = Array.isArray(rawGroups) ? rawGroups.map(String) : typeof rawGroups === 'string' ? [rawGroups] : [];
    return { userClaim, preferredUsername: read('preferred_username') || null, name, email, groups };
  }
}
