import crypto from 'node:crypto';
import type { AxiosResponse } from 'axios';

/** A name no other row uses, so rows never collide on unique names. */
export const unique = (prefix: string) => `${prefix} ${crypto.randomBytes(3).toString('hex')}`;

/** The body of a fixture-making call, which must succeed for the row to mean anything. */
export async function made<T>(call: Promise<AxiosResponse<T>>, what: string): Promise<T> {
  const res = await call;
  if (res.status < 200 || res.status >= 300) throw new Error(`fixture "${what}" failed: ${res.status} ${JSON.stringify(res.data).slice(0, 300)}`);
  return res.data;
}
