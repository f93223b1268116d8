/** Recipe times are free text; ISO 8601 durations (what scrapers store, "PT1H30M") are shown in words. */
export function isoDurationMinutes(text: string): number | null {
  const m = /^P(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/i.exec(text.trim());
  if (!m || text.trim().toUpperCase() === 'P' || /T$/i.test(text.trim())) return null;
  const [, d, h, min, s] = m.map((v) => (v === undefined ? 0 : Number(v)));
  return Math.round(Number(d) * 1440 + Number(h) * 60 + Number(min) + Number(s) / 60);
}

/** "1 hr, 30 min" in the user's language for ISO durations; any other text as written. */
export function formatRecipeTime(text: string | null | undefined, locale: string): string {
  const value = (text ?? '').trim();
  if (!value) return '';
  const minutes = isoDurationMinutes(value);
  if (minutes === null) return value;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const unit = (n: number, u: 'hour' | 'minute') => new Intl.NumberFormat(locale, { style: 'unit', unit: u, unitDisplay: 'short' }).format(n);
  if (hours && rest) return `${unit(hours, 'hour')} ${unit(rest, 'minute')}`;
  return hours ? unit(hours, 'hour') : unit(rest, 'minute');
}
