import { describe, expect, it } from 'vitest';
import { contrastRatio, readableOn } from './contrast';

describe('readable brand colours', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21, 5);
    expect(contrastRatio('#E58325', '#FFFFFF')).toBeCloseTo(2.76, 1);
  });

  it('darkens Hearth’s orange just enough for text on white, and keeps colours that already pass', () => {
    const primary = readableOn('#E58325', '#FFFFFF');
    expect(contrastRatio(primary, '#FFFFFF')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(primary, '#FFFFFF')).toBeLessThan(5);
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(primary.slice(i, i + 2), 16));
    expect(r).toBeGreaterThan(g);
    expect(g).toBeGreaterThan(b);
    expect(readableOn('#1976D2', '#FFFFFF')).toBe('#1976D2');
  });

  it('lightens on a dark background', () => {
    expect(contrastRatio(readableOn('#973542', '#121212'), '#121212')).toBeGreaterThanOrEqual(4.5);
  });
});
