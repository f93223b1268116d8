/**
 * Timestamps as Hearth stores and serves them: UTC with microseconds, `2024-01-02T03:04:05.123456Z`. Mealie's
 * datetimes carry microseconds and its clients send them back (timeline events, last made, shopping items); a
 * fixed width keeps text order equal to time order on both databases, whose timestamp columns are text.
 */

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?(?:[.,](\d+))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

let lastMicros = 0;

/** Microseconds since 1970 in the stored form. */
export function fromMicros(micros: number): string {
  const ms = Math.floor(micros / 1000);
  return `${new Date(ms).toISOString().slice(0, 19)}.${String(micros - ms * 1000 + (ms % 1000) * 1000).padStart(6, '0')}Z`;
}

/**
 * Now, with microseconds. The clock gives milliseconds; calls within the same millisecond count on in
 * microseconds, so a process's stamps never repeat or go back within a millisecond (rows written one after another
 * keep their order).
 */
export function nowIso(): string {
  let micros = Date.now() * 1000;
  // A burst of more than a thousand stamps in one millisecond runs ahead of the clock; it must not fall back when
  // the clock catches up. Only a clock set back by more than a second is followed back.
  if (micros <= lastMicros && lastMicros - micros < 1_000_000) micros = lastMicros + 1;
  lastMicros = micros;
  return fromMicros(micros);
}

/** A Date (milliseconds) in the stored form. */
export function timestampOf(date: Date): string {
  return `${date.toISOString().slice(0, 23)}000Z`;
}

function zoneOf(zone: string | undefined): string {
  if (!zone || zone.toUpperCase() === 'Z') return 'Z';
  const digits = zone.slice(1).replace(':', '');
  return `${zone[0]}${digits.slice(0, 2)}:${(digits.slice(2) || '00').padEnd(2, '0')}`;
}

/**
 * A client's date or datetime text in the stored form, keeping up to six fraction digits (Python's datetime holds
 * microseconds); a naive time is UTC, as in Mealie; an offset is folded into UTC. Other text the JavaScript Date
 * understands is read at millisecond precision. Null when it is not a time.
 */
export function toStoredTimestamp(value: string): string | null {
  const text = value.trim();
  const parts = ISO.exec(text);
  if (!parts) {
    const ms = Date.parse(text);
    return Number.isNaN(ms) ? null : timestampOf(new Date(ms));
  }
  const [, year, month, day, hour = '00', minute = '00', second = '00', fraction = '', zone] = parts;
  const ms = Date.parse(`${year}-${month}-${day}T${hour}:${minute}:${second}${zoneOf(zone)}`);
  if (Number.isNaN(ms)) return null;
  return `${new Date(ms).toISOString().slice(0, 19)}.${fraction.slice(0, 6).padEnd(6, '0')}Z`;
}

/** A time text as microseconds since 1970 (null when it is not a time): compares stamps finer than Date.parse. */
export function microsOf(value: string): number | null {
  const stored = toStoredTimestamp(value);
  return stored === null ? null : Date.parse(`${stored.slice(0, 23)}Z`) * 1000 + Number(stored.slice(23, 26));
}
