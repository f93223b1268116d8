import { timestampOf, toStoredTimestamp } from '../../db/timestamps.js';
import { QueryFilterError, type FilterValue } from './ast.js';

/** How an attribute's values are stored, which decides how a filter value is read. */
export type FilterValueType = 'text' | 'number' | 'boolean' | 'uuid' | 'date' | 'datetime';

export type CoercedValue = string | number | boolean;

const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;
const RELATIVE_OFFSET = /^([+-])(\d{1,6})([ymdHMS])$/;

function invalid(value: FilterValue, attribute: string, expected: string): QueryFilterError {
  return new QueryFilterError('query-filter.invalid-value-at-position-for-expected', { text: value.text, position: value.position, attribute, expected }, value.position);
}

/** Adds months the way dateutil's relativedelta does: Jan 31 + 1 month is the last day of February. */
function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

/** `$NOW`, `$NOW-30d`, `$NOW+1y` (units y m d H M S), or null when the text is not a placeholder. */
export function resolveNowPlaceholder(text: string, now: Date): Date | null {
  if (text.slice(0, 4).toUpperCase() !== '$NOW') return null;
  const rest = text.slice(4);
  if (rest === '') return new Date(now.getTime());
  const match = RELATIVE_OFFSET.exec(rest);
  if (!match) return null;
  const amount = Number(match[2]) * (match[1] === '-' ? -1 : 1);
  switch (match[3]) {
    case 'y':
      return addMonths(now, amount * 12);
    case 'm':
      return addMonths(now, amount);
    case 'd':
      return new Date(now.getTime() + amount * 86_400_000);
    case 'H':
      return new Date(now.getTime() + amount * 3_600_000);
    case 'M':
      return new Date(now.getTime() + amount * 60_000);
    default:
      return new Date(now.getTime() + amount * 1_000);
  }
}

/** An ISO date or date-time; one without a zone is UTC, as every timestamp Hearth stores is. */
function parseIsoDateTime(text: string): Date | null {
  const m = ISO_DATE_TIME.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', fraction = '0', zone] = m;
  const millis = Math.round(Number(`0.${fraction}`) * 1000);
  let time = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), millis);
  const check = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  if (check.getUTCMonth() !== Number(mo) - 1 || check.getUTCDate() !== Number(d) || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) {
    return null;
  }
  if (zone && zone.toUpperCase() !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    const offsetMinutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || '0');
    time -= sign * offsetMinutes * 60_000;
  }
  return new Date(time);
}

/**
 * Reads a filter value as the attribute's type, as Mealie does: a UUID must parse, dates accept ISO forms
 * and `$NOW±n<unit>`, a boolean is true when it starts with t or y or is "1", numbers must be numbers.
 * Dates come back in the form the columns store (ISO-8601 UTC text; `YYYY-MM-DD` for date columns), so
 * comparisons are plain text comparisons on both engines.
 */
export function coerceFilterValue(value: FilterValue, type: FilterValueType, attribute: string, now: Date): CoercedValue {
  const text = value.text;
  switch (type) {
    case 'text':
      return text;
    case 'number': {
      const number = text.trim() === '' ? Number.NaN : Number(text);
      if (!Number.isFinite(number)) throw invalid(value, attribute, 'a number');
      return number;
    }
    case 'boolean': {
      const lower = text.trim().toLowerCase();
      return lower.startsWith('t') || lower.startsWith('y') || lower === '1';
    }
    case 'uuid': {
      const trimmed = text.trim();
      if (!UUID.test(trimmed)) throw invalid(value, attribute, 'a UUID');
      const hex = trimmed.replace(/-/g, '').toLowerCase();
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    }
    case 'date':
    case 'datetime': {
      const date = resolveNowPlaceholder(text.trim(), now) ?? parseIsoDateTime(text);
      if (!date || Number.isNaN(date.getTime())) throw invalid(value, attribute, 'a date like 2024-01-31, 2024-01-31T18:30:00Z or $NOW-7d');
      if (type === 'date') return date.toISOString().slice(0, 10);
      // The stored form (microseconds, fixed width), so text comparison is time comparison; typed digits are kept.
      return (resolveNowPlaceholder(text.trim(), now) ? null : toStoredTimestamp(text)) ?? timestampOf(date);
    }
  }
}
