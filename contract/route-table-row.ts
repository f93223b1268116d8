/** One row of the route table (contract/route-table.ts): its method and path, and its types. */

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A query parameter's value as the client sends it (arrays are repeated parameters). */
export type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];
/** A query with any parameters (list routes take filters, orders and pages). */
export type AnyQuery = Record<string, QueryValue>;

/** One route: method and path at run time; query, body and answer as types (`types` is never set). */
export interface Route<M extends Method = Method, P extends string = string, Res = unknown, Body = undefined, Query = undefined> {
  readonly method: M;
  readonly path: P;
  readonly types?: { response: Res; body: Body; query: Query };
}

/** route('GET', API.usersSelf).returns<UserOut>(), with <Answer, Body, Query> when the route takes them. */
export function route<M extends Method, P extends string>(method: M, path: P) {
  return { returns: <Res, Body = undefined, Query = undefined>(): Route<M, P, Res, Body, Query> => ({ method, path }) };
}

/**
 * The body of a multipart row (sent by web/src/api/multipart.ts): form fields named `Names`, each a text or a
 * file, and fields may repeat. Only a type: no JSON body can be one, so `call` cannot send it.
 */
export interface Multipart<Names extends string = string> {
  readonly multipartFields: Names;
}
export type MultipartFields<Names extends string = string> = readonly (readonly [Names, string | Blob])[];

/** Any row, whatever it takes and answers. */
export type AnyRoute = Route<Method, string, unknown, unknown, unknown>;

export type ResponseOf<R> = R extends Route<Method, string, infer Res, unknown, unknown> ? Res : never;
export type BodyOf<R> = R extends Route<Method, string, unknown, infer Body, unknown> ? Body : never;
export type QueryOf<R> = R extends Route<Method, string, unknown, unknown, infer Query> ? Query : never;
