/** A trimmed text field value, or null when it is empty (clears the field on PUT). */
export function orNull(value: string | null | undefined): string | null {
  const trimmed = (value ?? '').trim();
  return trimmed ? trimmed : null;
}

/** Label colours are CSS hex colours; anything else falls back to the default grey. */
const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
export const DEFAULT_LABEL_COLOR = '#959595';
export function safeColor(value: string | null | undefined): string {
  const v = (value ?? '').trim();
  return HEX.test(v) ? v : DEFAULT_LABEL_COLOR;
}

/** Black or white text, whichever reads better on the colour. */
export function textOn(color: string): '#000' | '#fff' {
  let hex = safeColor(color).slice(1);
  if (hex.length === 3) hex = hex.split('').map((c) => c + c).join('');
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  const luminance = 0.2126 * lin(r ?? 0) + 0.7152 * lin(g ?? 0) + 0.0722 * lin(b ?? 0);
  return luminance > 0.179 ? '#000' : '#fff';
}
