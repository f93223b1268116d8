import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import zlib from 'node:zlib';
import ipaddr from 'ipaddr.js';
import { HttpError, type ErrorKey, type MessageVars } from '../errors.js';

/**
 * Outbound HTTP on a user's behalf (recipe import, image download, webhooks, notifiers) without letting the
 * user reach our own network (SSRF). Every address is classified with ipaddr.js after DNS resolution, on the
 * socket that is actually used, for every redirect hop; only public unicast passes unless the caller allows
 * more. Failures say only "could not fetch": an upstream's status or error text would turn the endpoints into
 * a port scanner for private hosts.
 */
export type AddressClass = 'public' | 'loopback' | 'private' | 'forbidden';

const PRIVATE_RANGES = new Set(['private', 'linkLocal', 'carrierGradeNat', 'uniqueLocal']);

/** ipaddr.js's range name of an address, IPv4-in-IPv6 notations judged as the IPv4 address; null when unparsable. */
function rangeOf(address: string): string | null {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address.replace(/^\[|\]$/g, '').replace(/%.*$/, ''));
  } catch {
    return null;
  }
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    // ::ffff:a.b.c.d (any notation) is the IPv4 address itself; ::a.b.c.d (deprecated IPv4-compatible)
    // would be too on some stacks, so it is judged by its IPv4 part as well.
    if (v6.isIPv4MappedAddress()) return rangeOf(v6.toIPv4Address().toString());
    const parts = v6.parts;
    if (parts.slice(0, 6).every((p) => p === 0) && (parts[6] !== 0 || parts[7] > 1)) {
      return rangeOf(`${parts[6] >> 8}.${parts[6] & 255}.${parts[7] >> 8}.${parts[7] & 255}`);
    }
  }
  return parsed.range();
}

/** Classifies an IP address; anything ipaddr.js does not call plain unicast is not public. */
export function classifyAddress(address: string): AddressClass {
  const range = rangeOf(address);
  if (range === null) return 'forbidden';
  if (range === 'unicast') return 'public';
  if (range === 'loopback') return 'loopback';
  if (PRIVATE_RANGES.has(range)) return 'private';
  // unspecified, broadcast, multicast, reserved, NAT64 (64:ff9b::/96), 6to4, Teredo, documentation…
  return 'forbidden';
}

export interface AddressPolicy {
  /** Loopback addresses (127.0.0.0/8, ::1) may be reached: local webhook receivers, tests. */
  allowLoopback?: boolean;
  /** Loopback and private networks (10/8, 172.16/12, 192.168/16, link-local, CGNAT, fc00::/7). */
  allowPrivateNetwork?: boolean;
  /**
   * The household's own network only (10/8, 172.16/12, 192.168/16, CGNAT, fc00::/7): Home Assistant on the
   * LAN for webhooks and notifiers; never loopback or link-local (cloud metadata).
   */
  allowLocalNetwork?: boolean;
}

const LOCAL_NETWORK_RANGES = new Set(['private', 'carrierGradeNat', 'uniqueLocal']);

export function isAllowedAddress(address: string, policy: AddressPolicy = {}): boolean {
  const cls = classifyAddress(address);
  if (cls === 'public') return true;
  if (cls === 'loopback') return Boolean(policy.allowLoopback || policy.allowPrivateNetwork);
  if (cls === 'private') return Boolean(policy.allowPrivateNetwork || (policy.allowLocalNetwork && LOCAL_NETWORK_RANGES.has(rangeOf(address) ?? '')));
  return false;
}

/** True for every address a user may not make us fetch by default (loopback, private, reserved…). */
export function isPrivateAddress(address: string): boolean {
  return classifyAddress(address) !== 'public';
}

/** detail.exception of a refused address, so a client can say why and what allows it (ALLOW_PRIVATE_NETWORK_FETCH). */
export const BLOCKED_EXCEPTION = 'BlockedAddress';

/** A refused or failed outbound request. `reason` is for the server's log only, never for the client. */
export class OutboundError extends HttpError {
  constructor(
    key: ErrorKey,
    vars: MessageVars,
    public readonly reason: string,
  ) {
    super(400, key, vars, 'mealie', key === 'net.url-is-not-from-an-allowed-domain' ? BLOCKED_EXCEPTION : null);
  }
}

export interface OutboundOptions extends AddressPolicy {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  timeoutMs?: number;
  maxBytes?: number;
  /** Redirects followed for GET and HEAD (other methods return the 3xx answer). Default 5. */
  maxRedirects?: number;
}

export interface OutboundResponse {
  url: string;
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function guardedLookup(policy: AddressPolicy): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 4);
      const list = addresses as dns.LookupAddress[];
      if (list.length === 0 || list.some((a) => !isAllowedAddress(a.address, policy))) {
        return callback(Object.assign(new Error('blocked address'), { code: 'EBLOCKED' }), '', 4);
      }
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };
}

function parseUrl(raw: string | URL): URL {
  let url: URL;
  try {
    url = raw instanceof URL ? raw : new URL(String(raw).trim());
  } catch {
    throw new OutboundError('net.must-be-a-valid-url', {}, 'unparsable url');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundError('net.must-be-a-valid-url', {}, `protocol ${url.protocol}`);
  if (url.username || url.password) throw new OutboundError('net.must-be-a-valid-url', {}, 'credentials in url');
  return url;
}

function requestOnce(url: URL, options: OutboundOptions & { timeoutMs: number; maxBytes: number }): Promise<OutboundResponse> {
  return new Promise((resolve, reject) => {
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    if (net.isIP(literal) && !isAllowedAddress(literal, options)) {
      reject(new OutboundError('net.url-is-not-from-an-allowed-domain', {}, `literal ${literal}`));
      return;
    }
    let settled = false;
    const fail = (err: OutboundError) => {
      if (settled) return;
      settled = true;
      reject(err);
    };
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(
      url,
      { method: options.method ?? 'GET', lookup: guardedLookup(options), headers: options.headers, timeout: options.timeoutMs },
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
            fail(new OutboundError('net.page-is-larger-than-mb', { value: Math.max(1, Math.round(options.maxBytes / 1024 / 1024)) }, 'too large'));
            return;
          }
          chunks.push(chunk);
        });
        stream.on('end', () => {
          if (settled) return;
          settled = true;
          resolve({ url: url.href, status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) });
        });
        stream.on('error', (err) => fail(new OutboundError('net.could-not-fetch-the-url', {}, `read: ${err.message}`)));
      },
    );
    const deadline = setTimeout(() => req.destroy(new Error('timed out')), options.timeoutMs);
    req.on('close', () => clearTimeout(deadline));
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EBLOCKED') fail(new OutboundError('net.url-is-not-from-an-allowed-domain', {}, `resolved ${url.hostname} to a blocked address`));
      else fail(new OutboundError('net.could-not-fetch-the-url', {}, `${url.hostname}: ${err.code ?? ''} ${err.message}`));
    });
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

/**
 * One outbound HTTP request with the SSRF policy applied to every hop. Any status is returned (a webhook
 * caller decides what a 500 means); refused and failed requests throw an OutboundError (400) whose message
 * says only that the URL could not be fetched.
 */
export async function outboundRequest(rawUrl: string | URL, opts: OutboundOptions = {}): Promise<OutboundResponse> {
  const method = (opts.method ?? 'GET').toUpperCase();
  const options = {
    ...opts,
    method,
    timeoutMs: opts.timeoutMs ?? 15_000,
    maxBytes: opts.maxBytes ?? 10 * 1024 * 1024,
    maxRedirects: opts.maxRedirects ?? 5,
  };
  let url = parseUrl(rawUrl);
  const follow = method === 'GET' || method === 'HEAD' ? options.maxRedirects : 0;
  for (let hop = 0; ; hop += 1) {
    const res = await requestOnce(url, options);
    if (res.status >= 300 && res.status < 400 && res.headers.location && follow > 0) {
      if (hop >= follow) throw new OutboundError('net.too-many-redirects', {}, 'redirect loop');
      try {
        url = parseUrl(new URL(res.headers.location, url));
      } catch {
        throw new OutboundError('net.could-not-fetch-the-url', {}, `bad redirect ${res.headers.location}`);
      }
      continue;
    }
    return res;
  }
}
