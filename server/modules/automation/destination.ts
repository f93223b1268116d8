import dns from 'node:dns';
import net from 'node:net';
import type { Deps } from '../../platform/deps.js';
import { isAllowedAddress, type AddressPolicy } from '../../platform/net/safe-fetch.js';

/**
 * Where webhooks, notifiers and recipe actions may send: the household's own network always (Home Assistant on
 * the LAN); loopback and every private range too with ALLOW_PRIVATE_NETWORK_FETCH=true (as the README says of
 * that setting: services on the same host); loopback when a test opts in.
 */
export function automationPolicy(deps: Pick<Deps, 'outbound'> & { config?: { allowPrivateNetworkFetch?: boolean } }): AddressPolicy {
  return {
    allowLocalNetwork: true,
    allowLoopback: deps.outbound?.allowLoopback === true,
    allowPrivateNetwork: deps.config?.allowPrivateNetworkFetch === true,
  };
}

const LOOKUP_MS = 3000;

/**
 * Said when a webhook or notifier is saved: why Hearth will refuse to send to this host (a loopback or reserved
 * address, a name that does not resolve), or null when it may. The URL is saved all the same.
 */
export async function destinationWarning(deps: Pick<Deps, 'outbound'> & { config?: { allowPrivateNetworkFetch?: boolean } }, host: string | null): Promise<string | null> {
  if (!host) return null;
  const bare = host.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (net.isIP(bare)) addresses = [bare];
  else {
    try {
      const found = await Promise.race([
        dns.promises.lookup(bare, { all: true, verbatim: true }),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), LOOKUP_MS).unref()),
      ]);
      addresses = found.map((a) => a.address);
    } catch {
      return `${bare} could not be found: deliveries will fail until it resolves`;
    }
  }
  const policy = automationPolicy(deps);
  if (addresses.some((address) => isAllowedAddress(address, policy))) return null;
  return `Hearth will not send to ${bare}: it is a loopback or reserved address (an administrator can allow loopback and private addresses with ALLOW_PRIVATE_NETWORK_FETCH=true)`;
}
