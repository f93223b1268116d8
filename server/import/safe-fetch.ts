import { OutboundError, outboundRequest } from '../platform/net/safe-fetch.js';

// The fetcher for pages and images lives in server/platform/net/safe-fetch.ts (shared with webhooks and
// notifiers); these exports keep the import code's names.
export { classifyAddress, isPrivateAddress, OutboundError } from '../platform/net/safe-fetch.js';

export interface SafeFetchOptions {
  allowPrivateNetwork: boolean;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  accept?: string;
}

export interface FetchedResource {
  url: string;
  status: number;
  contentType: string;
  body: Buffer;
}

export const BROWSER_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36 Hearth/0.1';

/** GETs a page or image like a browser would; an error answer is "could not fetch", never its status. */
export async function safeFetch(rawUrl: string, opts: SafeFetchOptions): Promise<FetchedResource> {
  const res = await outboundRequest(rawUrl, {
    allowPrivateNetwork: opts.allowPrivateNetwork,
    timeoutMs: opts.timeoutMs,
    maxBytes: opts.maxBytes,
    maxRedirects: opts.maxRedirects,
    headers: {
      'user-agent': BROWSER_USER_AGENT,
      accept: opts.accept ?? 'text/html,application/xhtml+xml,application/json;q=0.9,*/*;q=0.8',
      'accept-language': 'en-US,en;q=0.9',
      'accept-encoding': 'gzip, deflate, br',
    },
  });
  if (res.status < 200 || res.status >= 300) throw new OutboundError('net.could-not-fetch-the-url', {}, `status ${res.status}`);
  return { url: res.url, status: res.status, contentType: String(res.headers['content-type'] ?? ''), body: res.body };
}
