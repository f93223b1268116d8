/** WCAG 2.2 contrast, and the nearest shade of a brand colour that meets it. */

function channels(hex: string): [number, number, number] {
  let h = hex.replace('#', '');
  if (h.length === 3 || h.length === 4) h = [...h.slice(0, 3)].map((ch) => ch + ch).join('');
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

const toHex = (rgb: number[]) => `#${rgb.map((v) => Math.round(Math.min(255, Math.max(0, v))).toString(16).padStart(2, '0')).join('')}`.toUpperCase();

/**
 * The colour itself when it already reads on `background` at `ratio`, else the closest shade that does:
 * mixed towards black on a light background, towards white on a dark one (same hue, so Hearth's orange
 * stays orange).
 */
export function readableOn(color: string, background: string, ratio = 4.5): string {
  if (contrastRatio(color, background) >= ratio) return color.toUpperCase();
  const towards = luminance(background) > 0.5 ? 0 : 255;
  const rgb = channels(color);
  for (let step = 1; step <= 100; step++) {
    const mixed = rgb.map((v) => v + (towards - v) * (step / 100));
    const hex = toHex(mixed);
    if (contrastRatio(hex, background) >= ratio) return hex;
  }
  return towards === 0 ? '#000000' : '#FFFFFF';
}
