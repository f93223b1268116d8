import type { Deps } from '../../platform/deps.js';
import { OutboundError, outboundRequest, type OutboundResponse } from '../../platform/net/safe-fetch.js';
import { automationPolicy } from './destination.js';

/**
 * The one door out for webhooks, notifiers and recipe actions: hardening's `outboundRequest`
 * (server/platform/net/safe-fetch.ts) with automation's policy on top:
 * - the household's own network is reachable (Home Assistant on the LAN is the common case: private,
 *   unique-local and CGNAT addresses); loopback and link-local (cloud metadata) are refused unless
 *   ALLOW_PRIVATE_NETWORK_FETCH=true (services on the same host) or a test opts in (deps.outbound.allowLoopback);
 * - no redirect is followed (so never one to a different host); everything times out in 10 s; answers are
 *   capped at 1 MB;
 * - a non-2xx answer is a failure (DeliveryError with the status), like a refused or unreachable address.
 */
export const AUTOMATION_TIMEOUT_MS = 10_000;
const MAX_BYTES = 1024 * 1024;

export interface AutomationRequest {
  method?: 'GET' | 'POST' | 'PUT';
  url: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

/** A delivery that did not succeed; `message` is safe to show the household (no upstream error text). */
export class DeliveryError extends Error {
  constructor(
    message: string,
    public readonly status?: number,
    /** For the server's log and the delivery record only. */
    public readonly reason: string = message,
  ) {
    super(message);
  }
}

type AutomationDeps = Pick<Deps, 'outbound'> & { config?: { allowPrivateNetworkFetch?: boolean } };

export async function automationRequest(deps: AutomationDeps, input: AutomationRequest): Promise<OutboundResponse> {
  const headers: Record<string, string> = { 'user-agent': 'Hearth', ...input.headers };
  if (input.body !== undefined) headers['content-length'] = String(Buffer.byteLength(input.body));
  let res: OutboundResponse;
  try {
    res = await outboundRequest(input.url, {
      method: input.method ?? 'POST',
      headers,
      body: input.body,
      timeoutMs: AUTOMATION_TIMEOUT_MS,
      maxBytes: MAX_BYTES,
      maxRedirects: 0,
      ...automationPolicy(deps),
    });
  } catch (err) {
    if (err instanceof OutboundError) throw new DeliveryError(err.message, undefined, err.reason);
    throw err;
  }
  if (res.status < 200 || res.status >= 300) {
    const host = new URL(res.url).host;
    const what = res.status >= 300 && res.status < 400 ? `${host} answered ${res.status} (redirects are not followed)` : `${host} answered ${res.status}`;
    throw new DeliveryError(what, res.status);
  }
  return res;
}

/** POSTs a JSON body. */
export function postJson(deps: AutomationDeps, url: string, body: unknown, headers: Record<string, string> = {}) {
  return automationRequest(deps, { url, method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

/** What a failure says in the delivery log (the reason, server side only). */
export const failureReason = (err: unknown) => (err instanceof DeliveryError ? err.reason : err instanceof Error ? err.message : String(err));
/** What a failure says to the household. */
export const failureMessage = (err: unknown) => (err instanceof DeliveryError ? err.message : 'Could not send the request');
