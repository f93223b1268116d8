import { describe, expect, it } from 'vitest';
import { orNull, safeColor, textOn } from './text';

describe('data page helpers', () => {
  it('turns blank text into null', () => {
    expect(orNull('  ')).toBeNull();
    expect(orNull(undefined)).toBeNull();
    expect(orNull(' cups ')).toBe('cups');
  });
  it('keeps hex colours only', () => {
    expect(safeColor('#abc')).toBe('#abc');
    expect(safeColor('red')).toBe('#959595');
    expect(safeColor('url(x)')).toBe('#959595');
  });
  it('picks readable text', () => {
    expect(textOn('#ffffff')).toBe('#000');
    expect(textOn('#000')).toBe('#fff');
    expect(textOn('#959595')).toBe('#000');
  });
});
