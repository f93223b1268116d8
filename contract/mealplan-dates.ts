// No zod here: the web app imports these without pulling the schema library into its bundle.

/** Meal types (spec §3, §9) and the days and types a meal-plan rule may name ('unset' = any). */
export const PLAN_ENTRY_TYPES = ['breakfast', 'lunch', 'dinner', 'side'] as const;
export type PlanEntryType = (typeof PLAN_ENTRY_TYPES)[number];
export const PLAN_RULE_DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'unset'] as const;
export type PlanRuleDay = (typeof PLAN_RULE_DAYS)[number];
export const PLAN_RULE_TYPES = [...PLAN_ENTRY_TYPES, 'unset'] as const;
export type PlanRuleType = (typeof PLAN_RULE_TYPES)[number];

/** The spec's constants (§9): dinner when adding, 7 planner days, weeks start on day 0 (Sunday). */
export const DEFAULT_ENTRY_TYPE: PlanEntryType = 'dinner';
export const DEFAULT_PLANNER_DAYS = 7;
export const DEFAULT_FIRST_DAY_OF_WEEK = 0;

/*
 * Calendar dates as yyyy-MM-dd strings, computed in UTC arithmetic only: a date is a day on the calendar,
 * never an instant, so no local time zone or daylight-saving change can move it (a range crossing a
 * month or a year boundary is just more days).
 */

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

function parts(date: string): [number, number, number] {
  const match = DATE_PATTERN.exec(date);
  if (!match) throw new Error(`Not a yyyy-MM-dd date: ${date}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

function fromUtc(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

function toUtc(date: string): number {
  const [y, m, d] = parts(date);
  return Date.UTC(y, m - 1, d);
}

/** Whether `text` is a real calendar date written yyyy-MM-dd (2024-02-30 is not). */
export function isCalendarDate(text: string): boolean {
  const match = DATE_PATTERN.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  return probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
}

export function addDays(date: string, days: number): string {
  return fromUtc(toUtc(date) + days * DAY_MS);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtc(to) - toUtc(from)) / DAY_MS);
}

/** 0 = Sunday … 6 = Saturday, as JavaScript and the household's firstDayOfWeek count. */
export function dayOfWeek(date: string): number {
  return new Date(toUtc(date)).getUTCDay();
}

/** The rule day name of a date (monday … sunday). */
export function ruleDayOf(date: string): Exclude<PlanRuleDay, 'unset'> {
  return (['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const)[dayOfWeek(date)];
}

/** The first day of the week holding `date`, for a week starting on `firstDayOfWeek` (0 = Sunday … 6). */
export function weekStart(date: string, firstDayOfWeek: number): string {
  const first = ((Math.trunc(firstDayOfWeek) % 7) + 7) % 7;
  return addDays(date, -((dayOfWeek(date) - first + 7) % 7));
}

/** `count` consecutive dates from `start`. */
export function dateRange(start: string, count: number): string[] {
  return Array.from({ length: Math.max(0, count) }, (_, i) => addDays(start, i));
}

/** A local calendar date (the user's "today"), from a Date read in the local time zone. */
export function localDate(now: Date = new Date()): string {
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(now.getFullYear(), 4)}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
