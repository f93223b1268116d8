import { safeFetch } from '../../import/safe-fetch.js';
import type { Deps } from '../../platform/deps.js';

/** A page fetched on the user's behalf (SSRF-safe), as text in the charset it declares. */
export interface FetchedPage {
  /** The address after redirects. */
  url: string;
  text: string;
}

function declaredCharset(contentType: string, body: Buffer): string {
  const fromHeader = /charset=["']?([\w-]+)/i.exec(contentType)?.[1];
  if (fromHeader) return fromHeader;
  const head = body.subarray(0, 4096).toString('latin1');
  return /<meta[^>]+charset=["']?([\w-]+)/i.exec(head)?.[1] ?? 'utf-8';
}

function decode(body: Buffer, charset: string): string {
  try {
    return new TextDecoder(charset.toLowerCase()).decode(body);
  } catch {
    // An unknown label: UTF-8 reads most pages, and the rest lose a few accented letters only.
    return new TextDecoder('utf-8').decode(body);
  }
}

export async function fetchPage(deps: Deps, url: string): Promise<FetchedPage> {
  const fetched = await safeFetch(url, { allowPrivateNetwork: deps.config.allowPrivateNetworkFetch, timeoutMs: 20_000 });
  return { url: fetched.url, text: decode(fetched.body, declaredCharset(fetched.contentType, fetched.body)) };
}
