import type { FastifyError, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { fieldMessages } from '../../contract/messages.js';
import { InputError } from './input-guard.js';
import { translateError, translateField, type ErrorKey, type MessageVars } from './i18n/index.js';

/**
 * 422 bodies in Mealie's (pydantic's) shape: {"detail": [{"type", "loc", "msg", "input", "ctx"?}]}, with
 * pydantic's error types (missing, string_type, int_parsing, uuid_parsing, enum, greater_than_equal, …),
 * "query"/"body"/"path" locations and the offending input. `msg` is pydantic's English text in en-US and its
 * translation (catalogue "errors.validation") elsewhere; the spec's field messages keep their own text.
 */
export interface PydanticIssue {
  type: string;
  loc: Array<string | number>;
  msg: string;
  input: unknown;
  ctx?: Record<string, unknown>;
}

type Where = 'body' | 'query' | 'path' | 'header';
const WHERE: Record<string, Where> = { body: 'body', querystring: 'query', params: 'path', headers: 'header' };

interface ZodLikeIssue {
  code: string;
  path: PropertyKey[];
  message: string;
  expected?: string;
  origin?: string;
  format?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  inclusive?: boolean;
  values?: unknown[];
  keys?: string[];
  pattern?: string;
}

/** The spec's field messages and the contract's few custom texts, by English text → how to say them. */
const FIELD_TEXTS = new Map<string, (locale: string) => string>([
  [fieldMessages.required, (l) => translateField(l, 'required')],
  [fieldMessages.email, (l) => translateField(l, 'email')],
  [fieldMessages.noWhitespace, (l) => translateField(l, 'noWhitespace')],
  [fieldMessages.url, (l) => translateField(l, 'url')],
]);
/** The contract's own checks for a date, a date-time or a UUID: reported as pydantic reports its parsing of them. */
const FORMAT_TEXTS: Record<string, string> = {
  'Must be a valid date': 'datetime',
  'Input should be a valid date in the format YYYY-MM-DD': 'date',
  'Input should be a valid UUID': 'uuid',
};
const CUSTOM_TEXTS: Record<string, ErrorKey> = {
  'A Name is Required': 'common.name-is-required',
  'Each recipe needs its id or slug': 'validation.each-recipe-needs-its-id-or-slug',
  'Each organizer needs its id or slug': 'validation.each-organizer-needs-its-id-or-slug',
  'paginationSeed is required when orderBy is random': 'recipes.paginationseed-is-required-when-orderby-is-random',
  'A URL is required': 'validation.url-required',
  'Give at least one URL': 'validation.give-at-least-one-url',
  'No data given': 'validation.no-data-given',
};

function fieldText(message: string, locale: string): string | null {
  const fixed = FIELD_TEXTS.get(message);
  if (fixed) return fixed(locale);
  const min = /^Must Be At Least (\d+) Characters$/.exec(message);
  if (min) return translateField(locale, 'minLength', { n: min[1] });
  const max = /^Must Be At Most (\d+) Characters$/.exec(message);
  if (max) return translateField(locale, 'maxLength', { n: max[1] });
  const key = CUSTOM_TEXTS[message];
  return key ? translateError(locale, key) : null;
}

/** "'a', 'b' or 'c'" as pydantic writes it in English; other languages join with their own word (Intl). */
const quoteList = (values: unknown[], locale: string) => {
  const quoted = values.map((v) => (typeof v === 'string' ? `'${v}'` : String(v)));
  if (quoted.length <= 1) return quoted.join('');
  if (locale.startsWith('en')) return `${quoted.slice(0, -1).join(', ')} or ${quoted[quoted.length - 1]}`;
  return new Intl.ListFormat(locale, { type: 'disjunction' }).format(quoted);
};

type Problem = { key: ErrorKey; error: string; vars?: MessageVars };

/** Why a text is not a date, as pydantic (speedate) says it: the message key and pydantic's `ctx.error`. */
function dateProblem(text: string): Problem {
  if (text.length < 10) return { key: 'validation.date-input-too-short', error: 'input is too short' };
  if (!/^\d{4}/.test(text)) return { key: 'validation.date-invalid-year', error: 'invalid character in year' };
  if (text[4] !== '-' || text[7] !== '-') return { key: 'validation.date-invalid-separator', error: 'invalid date separator, expected `-`' };
  if (!/^\d{2}$/.test(text.slice(5, 7))) return { key: 'validation.date-invalid-month', error: 'invalid character in month' };
  if (!/^\d{2}$/.test(text.slice(8, 10))) return { key: 'validation.date-invalid-day', error: 'invalid character in day' };
  const month = Number(text.slice(5, 7));
  if (month < 1 || month > 12) return { key: 'validation.date-month-range', error: 'month value is outside expected range of 1-12' };
  if (text.length > 10 && !/^[T ]/.test(text[10])) return { key: 'validation.date-extra-characters', error: 'unexpected extra characters at the end of the input' };
  return { key: 'validation.date-day-range', error: 'day value is outside expected range' };
}

/** Why a text is not a UUID, as pydantic (the uuid crate) says it. */
function uuidProblem(text: string): Problem {
  const bad = /[^0-9a-fA-F-]/.exec(text.replace(/^urn:uuid:/, ''));
  if (bad) {
    const vars = { found: bad[0], at: bad.index + 1 };
    return { key: 'validation.uuid-invalid-character', vars, error: `invalid character: expected an optional prefix of \`urn:uuid:\` followed by [0-9a-fA-F-], found \`${bad[0]}\` at ${vars.at}` };
  }
  if (!text.includes('-')) return { key: 'validation.uuid-invalid-length', vars: { length: text.length }, error: `invalid length: expected length 32 for simple format, found ${text.length}` };
  const groups = text.split('-').length;
  return { key: 'validation.uuid-invalid-group-count', vars: { count: groups }, error: `invalid group count: expected 5, found ${groups}` };
}

/** A zod issue as pydantic would report it: its type, its message key and values, its context. */
function classify(issue: ZodLikeIssue, input: unknown, where: Where, locale: string): { type: string; key: ErrorKey; vars?: MessageVars; ctx?: Record<string, unknown> } {
  const fromText = where !== 'body' && typeof input === 'string';
  switch (issue.code) {
    case 'invalid_type': {
      if (input === undefined) return { type: 'missing', key: 'validation.missing' };
      switch (issue.expected) {
        case 'string':
          return { type: 'string_type', key: 'validation.string-type' };
        case 'number':
        case 'int':
          if (fromText || typeof input === 'string') return { type: 'int_parsing', key: 'validation.int-parsing' };
          return typeof input === 'number' ? { type: 'int_from_float', key: 'validation.int-from-float' } : { type: 'int_type', key: 'validation.int-type' };
        case 'boolean':
          return typeof input === 'string' || typeof input === 'number' ? { type: 'bool_parsing', key: 'validation.bool-parsing' } : { type: 'bool_type', key: 'validation.bool-type' };
        case 'array':
          return { type: 'list_type', key: 'validation.list-type' };
        case 'object':
        case 'record':
          return { type: 'dict_type', key: 'validation.dict-type' };
        case 'date':
          return { type: 'date_type', key: 'validation.date-type' };
        default:
          return { type: 'value_error', key: 'validation.value-error' };
      }
    }
    case 'too_small': {
      const limit = Number(issue.minimum);
      if (issue.origin === 'string') return { type: 'string_too_short', key: 'validation.string-too-short', vars: { min_length: limit }, ctx: { min_length: limit } };
      if (issue.origin === 'array' || issue.origin === 'set') {
        const actual = Array.isArray(input) ? input.length : 0;
        return { type: 'too_short', key: 'validation.too-short', vars: { min_length: limit, actual_length: actual }, ctx: { field_type: 'List', min_length: limit, actual_length: actual } };
      }
      return issue.inclusive === false
        ? { type: 'greater_than', key: 'validation.greater-than', vars: { gt: limit }, ctx: { gt: limit } }
        : { type: 'greater_than_equal', key: 'validation.greater-than-equal', vars: { ge: limit }, ctx: { ge: limit } };
    }
    case 'too_big': {
      const limit = Number(issue.maximum);
      if (issue.origin === 'string') return { type: 'string_too_long', key: 'validation.string-too-long', vars: { max_length: limit }, ctx: { max_length: limit } };
      if (issue.origin === 'array' || issue.origin === 'set') {
        const actual = Array.isArray(input) ? input.length : 0;
        return { type: 'too_long', key: 'validation.too-long', vars: { max_length: limit, actual_length: actual }, ctx: { field_type: 'List', max_length: limit, actual_length: actual } };
      }
      return issue.inclusive === false
        ? { type: 'less_than', key: 'validation.less-than', vars: { lt: limit }, ctx: { lt: limit } }
        : { type: 'less_than_equal', key: 'validation.less-than-equal', vars: { le: limit }, ctx: { le: limit } };
    }
    case 'invalid_format': {
      const text = typeof input === 'string' ? input : '';
      if (issue.format === 'uuid' || issue.format === 'guid') {
        const problem = uuidProblem(text);
        return { type: 'uuid_parsing', key: problem.key, vars: problem.vars, ctx: { error: problem.error } };
      }
      if (issue.format === 'date' || issue.format === 'datetime') {
        const problem = dateProblem(text);
        return { type: issue.format === 'date' ? 'date_from_datetime_parsing' : 'datetime_from_date_parsing', key: problem.key, vars: problem.vars, ctx: { error: problem.error } };
      }
      if (issue.format === 'url') return { type: 'url_parsing', key: 'validation.url-parsing', ctx: { error: 'relative URL without a base' } };
      if (issue.format === 'email') return { type: 'value_error', key: 'validation.email', ctx: { reason: 'An email address must have an @-sign.' } };
      if (issue.format === 'regex') return { type: 'string_pattern_mismatch', key: 'validation.string-pattern-mismatch', vars: { pattern: String(issue.pattern ?? '') }, ctx: { pattern: String(issue.pattern ?? '') } };
      return { type: 'value_error', key: 'validation.value-error' };
    }
    case 'invalid_value': {
      const expected = quoteList(issue.values ?? [], locale);
      return { type: (issue.values?.length ?? 0) > 1 ? 'enum' : 'literal_error', key: 'validation.enum', vars: { expected }, ctx: { expected: quoteList(issue.values ?? [], 'en') } };
    }
    case 'unrecognized_keys':
      return { type: 'extra_forbidden', key: 'validation.extra-forbidden' };
    default:
      return { type: 'value_error', key: 'validation.value-error' };
  }
}

function valueAt(root: unknown, path: PropertyKey[]): unknown {
  let node = root;
  for (const part of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[String(part)];
  }
  return node;
}

/** One zod issue in pydantic's shape. `source` is what was validated (the body, the query…). */
export function pydanticIssue(issue: ZodLikeIssue, where: Where, source: unknown, locale: string): PydanticIssue {
  const path = issue.path.map((p) => (typeof p === 'number' ? p : String(p)));
  const input = valueAt(source, path);
  const format = typeof input === 'string' ? FORMAT_TEXTS[issue.message] : undefined;
  const { type, key, vars, ctx } = classify(format ? { ...issue, code: 'invalid_format', format } : issue, input, where, locale);
  const custom = format ? null : fieldText(issue.message, locale);
  // pydantic reports a missing body field with the object that lacks it; a missing query parameter with null.
  const shownInput = type === 'missing' ? (where === 'body' ? (valueAt(source, path.slice(0, -1)) ?? null) : null) : (input ?? null);
  const out: PydanticIssue = { type, loc: [where, ...path], msg: custom ?? translateError(locale, key, vars), input: shownInput };
  if (ctx) out.ctx = ctx;
  return out;
}

/** The request's part that fastify validated, by its validation context. */
function sourceOf(request: FastifyRequest, context: string): unknown {
  if (context === 'querystring') return request.query;
  if (context === 'params') return request.params;
  if (context === 'headers') return request.headers;
  return request.body;
}

/** A 422 body for a validation error of any origin, or null when `err` is not one. */
export function validationBody(err: unknown, locale: string, request?: FastifyRequest): { detail: PydanticIssue[] } | null {
  if (hasZodFastifySchemaValidationErrors(err)) {
    const context = (err as FastifyError).validationContext ?? 'body';
    const where = WHERE[context] ?? 'body';
    const source = request ? sourceOf(request, context) : undefined;
    return {
      detail: err.validation.map((v) => {
        const issue = { ...(v.params as object), code: v.keyword, message: v.message ?? '', path: String(v.instancePath ?? '').split('/').filter(Boolean).map((p) => (/^\d+$/.test(p) ? Number(p) : p)) } as ZodLikeIssue;
        return pydanticIssue(issue, where, source, locale);
      }),
    };
  }
  if (err instanceof InputError) {
    const vars = err.reason ? { ...err.vars, reason: err.reason.say(locale) } : err.vars;
    return { detail: [{ type: err.type, loc: err.loc, msg: translateError(locale, err.key, vars), input: err.input }] };
  }
  if (err instanceof ZodError) {
    return { detail: err.issues.map((issue) => pydanticIssue(issue as unknown as ZodLikeIssue, 'body', (err as ZodError & { input?: unknown }).input, locale)) };
  }
  return null;
}
