import { APP_NAME } from '../app/constants';

/** Words that make any password score 0 (spec §5), compared case-insensitively. */
export const BANNED_PASSWORD_WORDS = ['password', APP_NAME.toLowerCase(), 'admin', 'qwerty', 'login'] as const;

/**
 * Password strength, 0..100 (spec §5 "Password strength").
 * - 0 when empty, shorter than 6 characters, or containing a banned word.
 * - Each character adds 5 divided by how many times that character has occurred so far
 *   (its first occurrence 5, its second 2.5, …), so repeats add less and less.
 * - Each character class beyond the first among digits, lowercase, uppercase and non-word adds 10.
 * - Clamped to 0..100.
 */
export function passwordScore(password: string): number {
  if (!password || password.length < 6) return 0;
  const lower = password.toLowerCase();
  if (BANNED_PASSWORD_WORDS.some((w) => lower.includes(w))) return 0;

  let score = 0;
  const seen = new Map<string, number>();
  for (const ch of password) {
    const count = (seen.get(ch) ?? 0) + 1;
    seen.set(ch, count);
    score += 5 / count;
  }
  const classes = [/\d/, /[a-z]/, /[A-Z]/, /\W/].filter((re) => re.test(password)).length;
  score += (classes - 1) * 10;
  return Math.min(100, Math.max(0, score));
}

export type StrengthLevel = 'weak' | 'good' | 'strong';

/** The meter's label and colour bands. */
export function strengthLevel(score: number): StrengthLevel {
  if (score < 50) return 'weak';
  if (score < 80) return 'good';
  return 'strong';
}
