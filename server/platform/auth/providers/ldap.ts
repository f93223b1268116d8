import type { Client, ClientOptions } from 'ldapts';
import type { LdapConfig } from '../../../config-identity.js';
import { lazyRequire } from '../../../lazy.js';

// Required at the first LDAP sign-in: a server without LDAP never loads it.
const ldapts = lazyRequire<typeof import('ldapts')>('ldapts');

export interface DirectoryUser {
  dn: string;
  username: string;
  email: string;
  fullName: string;
  admin: boolean;
}

/** Why an LDAP sign-in failed: wrong credentials (a 401 like any other) or a directory that is down or misconfigured. */
export class DirectoryUnavailableError extends Error {}

function clientFor(config: LdapConfig): Client {
  const secure = config.serverUrl.toLowerCase().startsWith('ldaps://') || config.startTls;
  const options: ClientOptions = {
    url: config.serverUrl,
    timeout: config.timeoutMs,
    connectTimeout: config.timeoutMs,
  };
  if (secure) {
    options.tlsOptions = {
      rejectUnauthorized: !config.tlsInsecure,
      ...(config.caCert ? { ca: [config.caCert] } : {}),
    };
  }
  return new (ldapts().Client)(options);
}

function firstValue(value: string | string[] | Buffer | Buffer[] | undefined): string {
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined ? '' : String(first);
}

/** LDAP_USER_FILTER with Mealie's placeholders filled in, wrapped in parentheses when it lacks them. */
function userFilter(config: LdapConfig, input: string): string {
  const escaped = ldapts().Filter.escape(input);
  const lookup = `(|(${config.idAttribute}=${escaped})(${config.mailAttribute}=${escaped}))`;
  const extra = config.userFilter
    .replaceAll('{id_attribute}', config.idAttribute)
    .replaceAll('{mail_attribute}', config.mailAttribute)
    .replaceAll('{input}', escaped)
    .trim();
  if (!extra) return lookup;
  return `(&${lookup}${extra.startsWith('(') ? extra : `(${extra})`})`;
}

/**
 * Mealie's LDAP sign-in: bind with the query account, find exactly one entry by id or mail attribute
 * (and LDAP_USER_FILTER), bind as that entry with the given password, then read the admin flag through
 * LDAP_ADMIN_FILTER on the entry itself. Returns null for unknown users and wrong passwords; throws
 * DirectoryUnavailableError when the directory cannot be reached or refuses the query account, so that a
 * dead directory fails a sign-in within seconds instead of hanging it.
 */
export async function authenticateWithLdap(config: LdapConfig, input: string, password: string): Promise<DirectoryUser | null> {
  if (!input || !password) return null; // an empty password would be an anonymous bind
  const client = clientFor(config);
  try {
    if (config.startTls && !config.serverUrl.toLowerCase().startsWith('ldaps://')) {
      await client.startTLS({ rejectUnauthorized: !config.tlsInsecure, ...(config.caCert ? { ca: [config.caCert] } : {}) });
    }
    if (config.queryBind) await client.bind(config.queryBind, config.queryPassword ?? '');
    const attributes = [config.idAttribute, config.mailAttribute, config.nameAttribute];
    const { searchEntries } = await client.search(config.baseDn, { scope: 'sub', filter: userFilter(config, input), attributes, sizeLimit: 2 });
    if (searchEntries.length !== 1) return null;
    const entry = searchEntries[0];
    try {
      await client.bind(entry.dn, password);
    } catch (error) {
      if (error instanceof ldapts().InvalidCredentialsError) return null;
      throw error;
    }
    let admin = false;
    if (config.adminFilter) {
      // Rebind as the query account: the user may not be allowed to search, even on their own entry.
      if (config.queryBind) await client.bind(config.queryBind, config.queryPassword ?? '');
      const adminFilter = config.adminFilter.startsWith('(') ? config.adminFilter : `(${config.adminFilter})`;
      const { searchEntries: matches } = await client.search(entry.dn, { scope: 'base', filter: adminFilter, attributes: ['dn'] });
      admin = matches.length > 0;
    }
    const username = firstValue(entry[config.idAttribute]);
    return {
      dn: entry.dn,
      username,
      email: firstValue(entry[config.mailAttribute]),
      fullName: firstValue(entry[config.nameAttribute]) || username,
      admin,
    };
  } catch (error) {
    if (error instanceof ldapts().InvalidCredentialsError) throw new DirectoryUnavailableError('The directory refused the query account');
    throw new DirectoryUnavailableError(error instanceof Error ? error.message : String(error));
  } finally {
    await client.unbind().catch(() => undefined);
  }
}
