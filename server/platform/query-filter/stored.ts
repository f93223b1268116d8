import { InputError } from '../input-guard.js';
import { QueryFilterError } from './ast.js';

/**
 * A filter a cookbook or meal-plan rule keeps (`queryFilterString`): checked with `check` before it is saved.
 * Mealie checks it in the request model, so a bad one is a 422 in pydantic's shape on body.queryFilterString
 * ("Value error, <why>"), not the 400 a list's `?queryFilter=` gets.
 */
export function storedFilter(text: string, check: (text: string) => unknown, field = 'queryFilterString'): void {
  try {
    check(text);
  } catch (error) {
    if (error instanceof QueryFilterError) throw new InputError(['body', field], 'validation.query-filter', 'value_error', {}, text, error);
    throw error;
  }
}
