import type { FastifyRequest } from 'fastify';
import { camelizeKeys } from './casing.js';
import type { ErrorKey, MessageVars } from './i18n/index.js';

/**
 * Checks every request's input before schema validation, the same on both databases:
 * - text with a NUL character (\u0000) is refused: PostgreSQL cannot store it in text columns and SQLite
 *   would cut it short in places, so neither engine ever sees one;
 * - bodies nested deeper than MAX_DEPTH are refused (no API shape needs more than a handful of levels, and
 *   recursive code further on — camelizeKeys, zod — must never overflow the stack);
 * then camelizes JSON and form bodies (Mealie accepts snake_case too).
 */
export class InputError extends Error {
  constructor(
    public readonly loc: string[],
    public readonly key: ErrorKey,
    public readonly type: string,
    public readonly vars: MessageVars = {},
    /** What was sent (pydantic's `input`). */
    public readonly input: unknown = null,
    /** An error whose text fills the message's {{reason}} in the client's language. */
    public readonly reason?: { say(locale: string): string },
  ) {
    super(key);
  }
}

const NUL = '\u0000';
export const MAX_DEPTH = 32;

function checkString(value: string, loc: string[]): void {
  if (value.includes(NUL)) throw new InputError(loc, 'validation.nul-character', 'value_error.nul');
}

/** Walks a parsed body iteratively (no recursion, so any depth is safe to inspect). */
function checkValue(root: unknown, rootLoc: string[]): void {
  const stack: Array<[unknown, string[]]> = [[root, rootLoc]];
  while (stack.length) {
    const [value, loc] = stack.pop()!;
    if (typeof value === 'string') {
      checkString(value, loc);
    } else if (value !== null && typeof value === 'object') {
      if (Buffer.isBuffer(value)) continue;
      if (loc.length - rootLoc.length >= MAX_DEPTH) {
        throw new InputError(rootLoc, 'validation.nested-too-deep', 'value_error.depth', { depth: MAX_DEPTH });
      }
      for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
        checkString(key, loc);
        stack.push([inner, [...loc, key]]);
      }
    }
  }
}

/** Multipart bodies (attachFieldsToBody): only text fields' values are text; files are bytes. */
function multipartFields(body: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!body || typeof body !== 'object') return out;
  for (const [key, part] of Object.entries(body as Record<string, unknown>)) {
    const parts = Array.isArray(part) ? part : [part];
    out[key] = parts.map((p) => (p && typeof p === 'object' && (p as { type?: string }).type === 'field' ? (p as { value?: unknown }).value : null));
  }
  return out;
}

export async function guardInput(request: FastifyRequest): Promise<void> {
  checkValue(request.params, ['path']);
  checkValue(request.query, ['query']);
  if (request.body === undefined || request.body === null) return;
  if (request.isMultipart()) {
    checkValue(multipartFields(request.body), ['body']);
    return;
  }
  checkValue(request.body, ['body']);
  if (typeof request.body === 'object') request.body = camelizeKeys(request.body);
}
