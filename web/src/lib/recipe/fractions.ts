/** Quantities as people read them (spec §5): rounded to 3 decimals, fractions with a denominator of at most 10. */

export const MAX_DENOMINATOR = 10;
/** How close a decimal must be to a fraction to be shown as one (0.333 is ⅓, 0.15 stays 0.15). */
const TOLERANCE = 0.005;

export function round3(value: number): number {
  const rounded = Math.round(value * 1000) / 1000;
  return Object.is(rounded, -0) ? 0 : rounded;
}

export interface Fraction {
  whole: number;
  numerator: number;
  denominator: number;
}

/** The nearest fraction with a denominator of at most `maxDenominator`, or null when none is close. */
export function toFraction(value: number, maxDenominator = MAX_DENOMINATOR): Fraction | null {
  if (!Number.isFinite(value) || value < 0) return null;
  const v = round3(value);
  const whole = Math.floor(v);
  const rest = v - whole;
  if (rest < TOLERANCE) return { whole, numerator: 0, denominator: 1 };
  if (1 - rest < TOLERANCE) return { whole: whole + 1, numerator: 0, denominator: 1 };
  // Smallest denominator first, so the answer is already in lowest terms.
  for (let denominator = 2; denominator <= maxDenominator; denominator += 1) {
    const numerator = Math.round(rest * denominator);
    if (numerator > 0 && numerator < denominator && Math.abs(rest - numerator / denominator) < TOLERANCE) {
      return { whole, numerator, denominator };
    }
  }
  return null;
}

const GLYPHS: Record<string, string> = {
  '1/2': '½', '1/3': '⅓', '2/3': '⅔', '1/4': '¼', '3/4': '¾', '1/5': '⅕', '2/5': '⅖', '3/5': '⅗', '4/5': '⅘',
  '1/6': '⅙', '5/6': '⅚', '1/7': '⅐', '1/8': '⅛', '3/8': '⅜', '5/8': '⅝', '7/8': '⅞', '1/9': '⅑', '1/10': '⅒',
};
const SUPERSCRIPT = '⁰¹²³⁴⁵⁶⁷⁸⁹';
const SUBSCRIPT = '₀₁₂₃₄₅₆₇₈₉';

const digits = (n: number, set: string) => [...String(n)].map((d) => set[Number(d)]).join('');

/** ½ where Unicode has a glyph, else ²⁄₇. */
export function fractionGlyph(numerator: number, denominator: number): string {
  return GLYPHS[`${numerator}/${denominator}`] ?? `${digits(numerator, SUPERSCRIPT)}⁄${digits(denominator, SUBSCRIPT)}`;
}

/** Denominators a cook measures with: halves, thirds, quarters, eighths. */
const KITCHEN_DENOMINATORS = [2, 3, 4, 8];
/** A scaled amount within 5 % of a kitchen measure is shown as that measure ("1.05 onion" is "1 onion"). */
const KITCHEN_TOLERANCE = 0.05;

/** The nearest whole or kitchen fraction within 5 % of the value, or null. */
export function toKitchenFraction(value: number): Fraction | null {
  if (!Number.isFinite(value) || value <= 0) return null;
  let best: { fraction: Fraction; error: number } | null = null;
  for (const denominator of [1, ...KITCHEN_DENOMINATORS]) {
    const units = Math.round(value * denominator);
    if (units === 0) continue;
    const error = Math.abs(value - units / denominator) / value;
    if (error <= KITCHEN_TOLERANCE && (!best || error < best.error - 1e-9)) {
      const whole = Math.floor(units / denominator);
      best = { fraction: { whole, numerator: units - whole * denominator, denominator }, error };
    }
  }
  return best?.fraction ?? null;
}

/**
 * 1.5 → "1 ½", 0.333 → "⅓", 2 → "2"; amounts within 5 % of a kitchen measure round to it (1.05 → "1",
 * 1.571 → "1 ½"), others follow spec §5 (denominator ≤ 10). Without `asFraction` (a unit that says so)
 * the rounded decimal.
 */
export function formatQuantity(value: number, asFraction = true): string {
  const v = round3(value);
  if (!asFraction) return String(v);
  const fraction = toKitchenFraction(v) ?? toFraction(v);
  if (!fraction) return String(v);
  if (fraction.numerator === 0) return String(fraction.whole);
  const glyph = fractionGlyph(fraction.numerator, fraction.denominator);
  return fraction.whole > 0 ? `${fraction.whole} ${glyph}` : glyph;
}

const GLYPH_VALUES: Record<string, number> = Object.fromEntries(
  Object.entries(GLYPHS).map(([text, glyph]) => {
    const [n, d] = text.split('/').map(Number);
    return [glyph, n / d];
  }),
);

/**
 * What a person types in a quantity field: "1.5", "1,5", "1/2", "1 1/2", "½", "1½". Empty is null;
 * anything else unreadable is NaN so the form can say so.
 */
export function parseQuantityInput(text: string): number | null {
  const s = text.trim();
  if (!s) return null;
  const glyph = [...s].find((ch) => ch in GLYPH_VALUES);
  if (glyph) {
    const before = s.slice(0, s.indexOf(glyph)).trim();
    const after = s.slice(s.indexOf(glyph) + glyph.length).trim();
    if (after) return Number.NaN;
    const whole = before ? Number(before) : 0;
    return Number.isFinite(whole) && /^\d*$/.test(before) ? whole + GLYPH_VALUES[glyph] : Number.NaN;
  }
  const mixed = /^(\d+)\s+(\d+)\s*\/\s*(\d+)$/.exec(s);
  if (mixed) return Number(mixed[3]) === 0 ? Number.NaN : Number(mixed[1]) + Number(mixed[2]) / Number(mixed[3]);
  const simple = /^(\d+)\s*\/\s*(\d+)$/.exec(s);
  if (simple) return Number(simple[2]) === 0 ? Number.NaN : Number(simple[1]) / Number(simple[2]);
  if (/^-?\d+([.,]\d+)?$/.test(s)) return Number(s.replace(',', '.'));
  return Number.NaN;
}
