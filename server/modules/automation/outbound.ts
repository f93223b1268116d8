import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import type { Deps } from '../../platform/deps.js';

/**
 * Outbound HTTP for webhooks, notifiers and recipe actions. Until the hardening area's
 * `outboundRequest` (server/platform/net/safe-fetch.ts) lands, this is the one door out for automation:
 * - the household's own network is reachable (Home Assistant on the LAN is the common case): public,
 *   private (RFC 1918), unique-local and CGNAT addresses are allowed;
 * - loopback, link-local (cloud metadata), unspecified, multicast and reserved addresses are refused, checked
 *   on the resolved address of the socket actually used; loopback only when a test opts in (deps.outbound);
 * - redirects are followed only to the same host (at most 3); everything times out in 10 s; answers are
 *   capped at 1 MB.
 */
export interface OutboundRequest {
  method?: 'GET' | 'POST' | 'PUT';
  url: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  timeoutMs?: number;
}

export interface OutboundResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export class OutboundError extends Error {
  constructor(
    message: string,
    public readonly status?: number,
  ) {
    super(message);
  }
}

const ALLOWED_RANGES = new Set(['unicast', 'private', 'uniqueLocal', 'carrierGradeNat']);
const MAX_BYTES = 1024 * 1024;
export const OUTBOUND_TIMEOUT_MS = 10_000;

export function addressAllowed(address: string, allowLoopback: boolean): boolean {
  let range: string;
  try {
    range = ipaddr.process(address).range();
  } catch {
    return false;
  }
  return ALLOWED_RANGES.has(range) || (allowLoopback && range === 'loopback');
}

function guardedLookup(allowLoopback: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 4);
      const list = addresses as dns.LookupAddress[];
      if (list.length === 0 || list.some((a) => !addressAllowed(a.address, allowLoopback))) {
        return callback(Object.assign(new Error(`${hostname} resolves to an address Hearth may not call`), { code: 'EBLOCKED' }), '', 4);
      }
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };
}

function once(url: URL, req: Required<Omit<OutboundRequest, 'url' | 'body'>> & { body?: string | Buffer }, allowLoopback: boolean, deadline: number): Promise<OutboundResponse> {
  return new Promise((resolve, reject) => {
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    if (net.isIP(literal) && !addressAllowed(literal, allowLoopback)) {
      reject(new OutboundError(`${url.hostname} is an address Hearth may not call`));
      return;
    }
    const remaining = Math.max(1, deadline - Date.now());
    const client = url.protocol === 'https:' ? https : http;
    const headers: Record<string, string> = { 'user-agent': 'Hearth', ...req.headers };
    if (req.body !== undefined) headers['content-length'] = String(Buffer.byteLength(req.body));
    const request = client.request(url, { method: req.method, headers, lookup: guardedLookup(allowLoopback) }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= MAX_BYTES) chunks.push(chunk);
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', (err) => reject(new OutboundError(err.message)));
    });
    const timer = setTimeout(() => request.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })), remaining);
    request.on('close', () => clearTimeout(timer));
    request.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ETIMEDOUT') reject(new OutboundError(`${url.host} did not answer within ${Math.round(req.timeoutMs / 1000)} s`));
      else reject(new OutboundError(err.code === 'EBLOCKED' ? err.message : `Could not reach ${url.host}: ${err.message}`));
    });
    if (req.body !== undefined) request.write(req.body);
    request.end();
  });
}

/** Sends one request; a non-2xx answer is an OutboundError carrying the status. */
export async function outboundRequest(deps: Pick<Deps, 'outbound'>, input: OutboundRequest): Promise<OutboundResponse> {
  const allowLoopback = deps.outbound?.allowLoopback === true;
  let url: URL;
  try {
    url = new URL(input.url);
  } catch {
    throw new OutboundError('Must Be A Valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundError('Must Be A Valid URL');
  const timeoutMs = input.timeoutMs ?? OUTBOUND_TIMEOUT_MS;
  const deadline = Date.now() + timeoutMs;
  let request = { method: input.method ?? 'POST', headers: input.headers ?? {}, body: input.body, timeoutMs };
  for (let hop = 0; hop <= 3; hop += 1) {
    const res = await once(url, request, allowLoopback, deadline);
    if (res.status >= 300 && res.status < 400 && res.headers.location) {
      const next = new URL(res.headers.location, url);
      if (next.hostname !== url.hostname) throw new OutboundError(`${url.host} redirected to another host (${next.host}); not followed`, res.status);
      if (next.protocol !== 'http:' && next.protocol !== 'https:') throw new OutboundError('Must Be A Valid URL');
      if (res.status === 303 || ((res.status === 301 || res.status === 302) && request.method !== 'GET')) {
        request = { ...request, method: 'GET', body: undefined };
      }
      url = next;
      continue;
    }
    if (res.status < 200 || res.status >= 300) throw new OutboundError(`${url.host} answered ${res.status}`, res.status);
    return res;
  }
  throw new OutboundError('Too many redirects');
}

/** POSTs a JSON body. */
export function postJson(deps: Pick<Deps, 'outbound'>, url: string, body: unknown, headers: Record<string, string> = {}) {
  return outboundRequest(deps, { url, method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}
