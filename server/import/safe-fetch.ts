import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import zlib from 'node:zlib';
import { HttpError } from '../platform/errors.js';

/**
 * Fetches a page or image on a user's behalf without letting them reach our own network (SSRF):
 * every hop's address is checked after DNS resolution, on the socket that is actually used.
 */
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

/** True for loopback, private, link-local, carrier-grade NAT, multicast and other non-public ranges. */
export function isPrivateAddress(address: string): boolean {
  if (net.isIPv4(address)) {
    const [a, b] = address.split('.').map(Number);
    return (
      a === 0 || a === 10 || a === 127 || a >= 224 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 192 && b === 0) ||
      (a === 198 && (b === 18 || b === 19))
    );
  }
  const lower = address.toLowerCase();
  if (lower.startsWith('::ffff:')) return isPrivateAddress(lower.slice(7));
  return lower === '::' || lower === '::1' || /^f[cd]/.test(lower) || /^fe[89ab]/.test(lower) || lower.startsWith('ff');
}

function guardedLookup(allowPrivate: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 4);
      const list = addresses as dns.LookupAddress[];
      const blocked = list.find((a) => !allowPrivate && isPrivateAddress(a.address));
      if (blocked || list.length === 0) {
        return callback(Object.assign(new Error('Url is not from an allowed domain'), { code: 'EBLOCKED' }), '', 4);
      }
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };
}

function requestOnce(url: URL, options: Required<SafeFetchOptions>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    if (net.isIP(literal) && !options.allowPrivateNetwork && isPrivateAddress(literal)) {
      reject(new HttpError(400, 'Url is not from an allowed domain'));
      return;
    }
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(
      url,
      {
        method: 'GET',
        lookup: guardedLookup(options.allowPrivateNetwork),
        timeout: options.timeoutMs,
        headers: {
          'user-agent': BROWSER_USER_AGENT,
          accept: options.accept,
          'accept-language': 'en-US,en;q=0.9',
          'accept-encoding': 'gzip, deflate, br',
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const encoding = String(res.headers['content-encoding'] ?? '').toLowerCase();
        const stream =
          encoding === 'gzip' ? res.pipe(zlib.createGunzip()) :
          encoding === 'deflate' ? res.pipe(zlib.createInflate()) :
          encoding === 'br' ? res.pipe(zlib.createBrotliDecompress()) : res;
        stream.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            req.destroy();
            reject(new HttpError(400, `The page is larger than ${Math.round(options.maxBytes / 1024 / 1024)} MB`));
            return;
          }
          chunks.push(chunk);
        });
        stream.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        stream.on('error', (err) => reject(new HttpError(400, `Could not read the page: ${err.message}`)));
      },
    );
    const deadline = setTimeout(() => req.destroy(new Error('timed out')), options.timeoutMs);
    req.on('close', () => clearTimeout(deadline));
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EBLOCKED') reject(new HttpError(400, 'Url is not from an allowed domain'));
      else reject(new HttpError(400, `Could not fetch ${url.hostname}: ${err.message}`));
    });
    req.end();
  });
}

export async function safeFetch(rawUrl: string, opts: SafeFetchOptions): Promise<FetchedResource> {
  const options: Required<SafeFetchOptions> = {
    timeoutMs: 15_000,
    maxBytes: 10 * 1024 * 1024,
    maxRedirects: 5,
    accept: 'text/html,application/xhtml+xml,application/json;q=0.9,*/*;q=0.8',
    ...opts,
  };
  let url: URL;
  try {
    url = new URL(rawUrl.trim());
  } catch {
    throw new HttpError(400, 'Must Be A Valid URL');
  }
  for (let hop = 0; hop <= options.maxRedirects; hop += 1) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new HttpError(400, 'Must Be A Valid URL');
    const res = await requestOnce(url, options);
    if (res.status >= 300 && res.status < 400 && res.headers.location) {
      url = new URL(res.headers.location, url);
      continue;
    }
    if (res.status >= 400) throw new HttpError(400, `The site answered ${res.status} for ${url.href}`);
    return { url: url.href, status: res.status, contentType: String(res.headers['content-type'] ?? ''), body: res.body };
  }
  throw new HttpError(400, 'Too many redirects');
}
