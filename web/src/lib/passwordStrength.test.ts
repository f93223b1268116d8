import { describe, expect, it } from 'vitest';
import { passwordScore, strengthLevel } from './passwordStrength';

describe('passwordScore (spec §5)', () => {
  it('is 0 for empty and short passwords', () => {
    expect(passwordScore('')).toBe(0);
    expect(passwordScore('aB3$x')).toBe(0);
  });

  it('is 0 when a banned word appears, in any case', () => {
    for (const p of ['mypassword1', 'Hearth2024!', 'xxADMINxx', 'qwerty123', 'LoginNow9']) {
      expect(passwordScore(p)).toBe(0);
    }
  });

  it('gives 5 per distinct character plus 10 per extra class', () => {
    expect(passwordScore('abcdef')).toBe(30);
    expect(passwordScore('abcde1')).toBe(40);
    expect(passwordScore('abcD1!')).toBe(60);
  });

  it('counts repeats with diminishing points', () => {
    // a: 5 + 2.5 + 5/3 + 1.25 + 1 + 5/6
    expect(passwordScore('aaaaaa')).toBeCloseTo(12.25, 5);
  });

  it('subtracts 10 when no class matches and clamps to 0..100', () => {
    expect(passwordScore('______')).toBeCloseTo(2.25, 5);
    expect(passwordScore('Abcdefghijklmnopqrstuvwxyz0123456789!')).toBe(100);
  });

  it('bands the score', () => {
    expect(strengthLevel(0)).toBe('weak');
    expect(strengthLevel(70)).toBe('good');
    expect(strengthLevel(90)).toBe('strong');
  });
});
