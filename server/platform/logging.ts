import { Writable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from './http.js';

const LEVEL_NAMES: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const OMITTED = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'req', 'res', 'responseTime', 'err', 'request']);

/** One pino record (a JSON line) as one line a person reads: time, level, message, the rest as key=value. */
export function formatRecord(line: string): string {
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  const time = new Date(typeof record.time === 'number' ? record.time : Date.now());
  const stamp = `${time.toISOString().slice(0, 10)} ${time.toISOString().slice(11, 19)}`;
  const level = (LEVEL_NAMES[record.level as number] ?? String(record.level)).padEnd(5);
  const request = record.request as { method: string; url: string; status: number; ms: number } | undefined;
  const parts = [stamp, level];
  if (request) parts.push(`${request.method} ${request.url} ${request.status} ${request.ms.toFixed(1)} ms`);
  else if (record.msg) parts.push(String(record.msg));
  for (const [key, value] of Object.entries(record)) {
    if (OMITTED.has(key) || value === undefined) continue;
    parts.push(`${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  }
  let text = parts.join(' ');
  const err = record.err as { stack?: string; message?: string } | undefined;
  if (err) text += `\n${err.stack ?? err.message ?? JSON.stringify(err)}`;
  return text;
}

/** A destination for pino that writes each record as formatRecord's line. */
export function textLogStream(out: NodeJS.WritableStream = process.stdout): Writable {
  let pending = '';
  return new Writable({
    write(chunk: Buffer | string, _encoding, callback) {
      pending += chunk.toString();
      let newline = pending.indexOf('\n');
      while (newline >= 0) {
        const line = pending.slice(0, newline);
        pending = pending.slice(newline + 1);
        if (line) out.write(`${formatRecord(line)}\n`);
        newline = pending.indexOf('\n');
      }
      callback();
    },
  });
}

/** The web app's files (scripts, styles, images, fonts) are logged at debug, not at info. */
export function isStaticAsset(url: string): boolean {
  const path = url.split('?', 1)[0];
  if (path.startsWith('/api/media/') || path.startsWith('/assets/') || path.startsWith('/icons/')) return true;
  if (path.startsWith('/api/')) return false;
  return /\.(js|mjs|css|map|png|jpe?g|webp|svg|ico|woff2?|ttf|json|webmanifest|txt)$/.test(path);
}

/** Fastify's logger: JSON lines as pino writes them, or the same records as text lines. */
export function loggerOptions(level: string, format: 'text' | 'json', out?: NodeJS.WritableStream): { level: string; stream?: NodeJS.WritableStream } {
  if (format === 'text') return { level, stream: textLogStream(out) };
  return out ? { level, stream: out } : { level };
}

/**
 * One log line per request (Fastify's own two lines per request are turned off): method, path, status and
 * milliseconds at info; the web app's static files at debug.
 */
export function registerRequestLog(app: App): void {
  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    const entry = { request: { method: request.method, url: request.url, status: reply.statusCode, ms: reply.elapsedTime } };
    if (isStaticAsset(request.url)) request.log.debug(entry, 'request');
    else request.log.info(entry, 'request');
  });
}
