import type { Fixtures } from './fixtures.js';
import type { Expect, Identity } from './kinds.js';

export type Params = Record<string, string>;
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One route of the matrix: its registered method and path, what each identity gets, and how to call it. */
export interface Row {
  method: Method;
  path: string;
  expect: Expect;
  /** The path's parameters, from the shared fixtures (all cells target the same household-A resource). */
  params?: (f: Fixtures) => Params;
  /** Parameters made anew for each cell (a route that changes or deletes its target). */
  fresh?: (f: Fixtures, who: Identity) => Promise<Params>;
  query?: string | ((f: Fixtures, p: Params) => string);
  body?: ((f: Fixtures, p: Params, who: Identity) => unknown) | Record<string, unknown> | unknown[];
  /** An event stream: called over a real socket and closed once the status is known. */
  stream?: boolean;
  /** The call may end the caller's sign-in sessions: every identity signs in again after the row. */
  endsSessions?: boolean;
  /** The state of the row's household-A target, compared before and after a cell promised 'untouched'. */
  snapshot?: (f: Fixtures, p: Params) => Promise<unknown>;
  /** The route hands out what a capability (a share link) names: its answer may carry group-A data. */
  capability?: boolean;
  /** Why a cell is what it is, when that is not obvious. */
  note?: string;
}

export const r = (method: Method, path: string, expect: Expect, options: Omit<Row, 'method' | 'path' | 'expect'> = {}): Row => ({ method, path, expect, ...options });
