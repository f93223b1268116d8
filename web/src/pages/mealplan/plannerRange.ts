import { addDays, DEFAULT_PLANNER_DAYS, localDate } from '../../../../contract/mealplan-dates';
import { readStorage, writeStorage } from '../../lib/storage';

/** The client-saved planner preference (spec §3: numberOfDays 7). */
export const NUMBER_OF_DAYS_KEY = 'hearth.mealplan.numberOfDays';
export const DAY_CHOICES = [1, 2, 3, 4, 5, 6, 7, 10, 14, 21, 28] as const;
const MAX_DAYS = 31;

export function readNumberOfDays(): number {
  const stored = Number(readStorage(NUMBER_OF_DAYS_KEY));
  return Number.isInteger(stored) && stored >= 1 && stored <= MAX_DAYS ? stored : DEFAULT_PLANNER_DAYS;
}

export function saveNumberOfDays(days: number): void {
  writeStorage(NUMBER_OF_DAYS_KEY, String(days));
}

/** The last day of a range of `days` days from `start`. */
export function rangeEnd(start: string, days: number): string {
  return addDays(start, Math.max(1, days) - 1);
}

export function today(): string {
  return localDate();
}

/** A weekday and a date in the reader's language, e.g. "Mon 3 Mar" / "lun. 3 mars" (UTC: a date, not a time). */
export function dayLabel(date: string, locale: string, weekday: 'short' | 'long' = 'short'): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, { weekday, day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
}

/** The name of a weekday (0 = Sunday) in the reader's language. */
export function weekdayName(day: number, locale: string): string {
  // 2023-01-01 was a Sunday.
  return new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2023, 0, 1 + day)));
}
