/**
 * Durations come in as ISO 8601 ("PT1H30M", "P0DT0H20M", "PT90M"), as free text ("1 hr 30 mins",
 * "45 Minuten", "1h30"), as a number of minutes, or as {minValue, maxValue}. Every one that can be read
 * is written back the way Mealie stores it: whole units from days down to seconds, largest first, each
 * as "<n> <unit>" with the unit singular for 1 and plural otherwise, zero parts left out:
 *   PT1H30M → "1 hour 30 minutes", PT90M → "1 hour 30 minutes", P1DT2H → "1 day 2 hours", PT45S → "45 seconds".
 * A zero or unreadable-and-empty value gives null; free text that is not a plain duration (a range such
 * as "20-25 minutes", or "overnight") is kept as cleaned text.
 */
import { cleanLine } from './clean-text.js';
import { isJsonObject } from './types.js';

const SECONDS_PER = { day: 86_400, hour: 3_600, minute: 60, second: 1 } as const;
type TimeUnit = keyof typeof SECONDS_PER;
const UNITS_LARGEST_FIRST: TimeUnit[] = ['day', 'hour', 'minute', 'second'];

const NUMBER = String.raw`\d+(?:[.,]\d+)?`;
const ISO_DURATION = new RegExp(
  `^P(?:(${NUMBER})Y)?(?:(${NUMBER})M)?(?:(${NUMBER})W)?(?:(${NUMBER})D)?` +
    `(?:T(?:(${NUMBER})H)?(?:(${NUMBER})M)?(?:(${NUMBER})S)?)?$`,
  'i',
);
const NOTHING_WORDS = /^(?:none|null|undefined|n\/a|na|-|0)$/i;

/** Cleans any duration-like value into Mealie's human format (see the file comment); null when absent. */
export function cleanTime(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) && value > 0 ? formatDuration(value * 60) : null;
  if (Array.isArray(value)) {
    for (const item of value) {
      const cleaned = cleanTime(item);
      if (cleaned) return cleaned;
    }
    return null;
  }
  if (isJsonObject(value)) return cleanTime(value.minValue ?? value.value ?? value.maxValue);
  if (typeof value !== 'string') return null;

  const text = cleanLine(value);
  if (!text || NOTHING_WORDS.test(text)) return null;
  const seconds = parseIsoDuration(text) ?? parseFreeTextDuration(text);
  if (seconds === null) return text;
  return seconds > 0 ? formatDuration(seconds) : null;
}

/** Seconds in an ISO 8601 duration, or null when the text is not one. */
export function parseIsoDuration(text: string): number | null {
  const compact = text.replace(/\s+/g, '');
  const match = ISO_DURATION.exec(compact);
  if (!match || compact.length < 2) return null;
  const [, years, monthsOrMinutes, weeks, days, hours, minutes, seconds] = match.map(readNumber);
  // Recipes never take months: "P30M" without a "T" is a common way of writing thirty minutes.
  const hasTimePart = /T/i.test(compact);
  const months = hasTimePart ? monthsOrMinutes : 0;
  const looseMinutes = hasTimePart ? 0 : monthsOrMinutes;
  const totalDays = years * 365 + months * 30 + weeks * 7 + days;
  return Math.round(
    totalDays * SECONDS_PER.day + hours * SECONDS_PER.hour + (minutes + looseMinutes) * SECONDS_PER.minute + seconds,
  );
}

function readNumber(part: string | undefined): number {
  if (!part) return 0;
  const value = Number(part.replace(',', '.'));
  return Number.isFinite(value) ? value : 0;
}

const UNIT_WORDS: Array<[TimeUnit, RegExp]> = [
  ['day', /^(?:d|days?|tage?n?|jours?|d[ií]as?|giorni|giorno)$/i],
  ['hour', /^(?:h|hrs?|hours?|std|stdn?|stunden?|heures?|horas?|ore|ora|u|uur)$/i],
  ['minute', /^(?:m|mins?|minutes?|minuten?|minutos?|minuti|minuto)$/i],
  ['second', /^(?:s|secs?|seconds?|sekunden?|sek|secondes?|segundos?|secondi)$/i],
];
const AMOUNT_WITH_UNIT = /(\d+(?:[.,]\d+)?|½|¼|¾)\s*([a-zäöüéí]+)\.?/gi;
const CONNECTORS = /\b(?:and|und|et|y|e|plus)\b|[,&+]/gi;
const FRACTION_GLYPHS: Record<string, number> = { '½': 0.5, '¼': 0.25, '¾': 0.75 };

/** Seconds in a free-text duration such as "1 hr 30 mins" or "1h30", or null when it is anything else. */
export function parseFreeTextDuration(text: string): number | null {
  const trimmed = text.trim();
  if (/^\d+(?:[.,]\d+)?$/.test(trimmed)) return Math.round(readNumber(trimmed) * SECONDS_PER.minute);

  const hoursAndMinutes = /^(\d+)\s*(?:h|hrs?|hours?|std\.?)\s*(\d{1,2})$/i.exec(trimmed);
  if (hoursAndMinutes) {
    return Number(hoursAndMinutes[1]) * SECONDS_PER.hour + Number(hoursAndMinutes[2]) * SECONDS_PER.minute;
  }
  const clock = /^(\d{1,2}):(\d{2})$/.exec(trimmed);
  if (clock) return Number(clock[1]) * SECONDS_PER.hour + Number(clock[2]) * SECONDS_PER.minute;

  let total = 0;
  let found = false;
  const leftover = trimmed.replace(AMOUNT_WITH_UNIT, (whole, amount: string, word: string) => {
    const unit = UNIT_WORDS.find(([, pattern]) => pattern.test(word))?.[0];
    if (!unit) return whole;
    found = true;
    total += (FRACTION_GLYPHS[amount] ?? readNumber(amount)) * SECONDS_PER[unit];
    return ' ';
  });
  if (!found || leftover.replace(CONNECTORS, ' ').trim() !== '') return null;
  return Math.round(total);
}

/** Writes a number of seconds the way Mealie shows durations: "1 day 2 hours 5 minutes". */
export function formatDuration(totalSeconds: number): string | null {
  let remaining = Math.round(totalSeconds);
  if (!(remaining > 0)) return null;
  const parts: string[] = [];
  for (const unit of UNITS_LARGEST_FIRST) {
    const count = Math.floor(remaining / SECONDS_PER[unit]);
    if (count > 0) {
      parts.push(`${count} ${unit}${count === 1 ? '' : 's'}`);
      remaining -= count * SECONDS_PER[unit];
    }
  }
  return parts.join(' ');
}
