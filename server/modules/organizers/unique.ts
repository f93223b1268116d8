import { conflict, HttpError, type ErrorKey, type MessageVars } from '../../platform/errors.js';

/** True for a unique-constraint violation on either engine (a concurrent insert won the race). */
function isUniqueViolation(err: unknown): boolean {
  if (!err || typeof err !== 'object' || !('code' in err)) return false;
  const code = (err as { code: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** Runs a write whose uniqueness was checked beforehand, answering 409 if another request got there first. */
export async function withUniqueGuard<T>(key: ErrorKey, vars: MessageVars, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (!(err instanceof HttpError) && isUniqueViolation(err)) throw conflict(key, vars);
    throw err;
  }
}
