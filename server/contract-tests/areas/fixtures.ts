import type { AxiosResponse } from 'axios';

const counters = new Map<string, number>();

/** The next number of `prefix` (1, 2, 3 ...): every run makes the same names in the same order. */
function next(prefix: string): number {
  const n = (counters.get(prefix) ?? 0) + 1;
  counters.set(prefix, n);
  return n;
}

/** A name no other row uses, so rows never collide on unique names; deterministic ("Contract stew 3"), never random. */
export const unique = (prefix: string) => `${prefix} ${next(prefix)}`;

/** `n` written in letters only (1 → "a", 26 → "z", 27 → "aa"), for names that must stay one plain word. */
function letters(n: number): string {
  let out = '';
  for (let rest = n; rest > 0; rest = Math.floor((rest - 1) / 26)) out = String.fromCharCode(97 + ((rest - 1) % 26)) + out;
  return out;
}

/** One word no other row uses, of letters only ("contractgrainc"): the parser reads it as a single food. */
export const uniqueWord = (prefix: string) => `${prefix}${letters(next(prefix))}`;

/** A user name no other row uses ("contractuser3"), deterministic. */
export const uniqueUsername = (prefix: string) => `${prefix}${next(prefix)}`;

/** The body of a fixture-making call, which must succeed for the row to mean anything. */
export async function made<T>(call: Promise<AxiosResponse<T>>, what: string): Promise<T> {
  const res = await call;
  if (res.status < 200 || res.status >= 300) throw new Error(`fixture "${what}" failed: ${res.status} ${JSON.stringify(res.data).slice(0, 300)}`);
  return res.data;
}

/** A version-4-shaped UUID no other row uses, counted rather than random (00000000-0000-4000-8000-000000000001 ...). */
export const uniqueUuid = () => `00000000-0000-4000-8000-${next('\0uuid').toString(16).padStart(12, '0')}`;
