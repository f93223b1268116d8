import { currentLocale } from '../i18n';
import { toast } from '../components/toast/toastStore';
import { getToken, setToken } from './token';
import { API, fillPath, type ParamNames, type PathParams } from '../../../contract/routes';
import type { AnyRoute, BodyOf, QueryOf, QueryValue, ResponseOf } from '../../../contract/route-table';
import { buildUrl } from './url';

export type { QueryValue };
export { buildUrl };

export interface ApiError {
  /** HTTP status, or 0 when the request never got an answer. */
  status: number;
  /** The most useful text the server gave (detail.message, detail, message), else the status text. */
  message: string;
  /** The parsed body, when there was one. */
  body: unknown;
}

/** Every call answers with this and never throws. */
export interface ApiResult<T> {
  response: Response | null;
  error: ApiError | null;
  data: T | null;
}


export interface RequestOptions {
  query?: Record<string, QueryValue>;
  /** JSON body. */
  json?: unknown;
  /** application/x-www-form-urlencoded body. */
  form?: Record<string, string>;
  signal?: AbortSignal;
  /** Show the server's message / detail.message as a toast (spec §8). Default true. */
  toasts?: boolean;
  /** 'blob': a success's body is kept as bytes (a stored file), not parsed. */
  as?: 'blob';
  /** Extra request headers (e.g. Idempotency-Key on a change the offline queue may send twice). */
  headers?: Record<string, string>;
}


function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** detail.message when the server sent an ErrorResponse inside detail. */
export function detailMessage(body: unknown): string | null {
  if (!isRecord(body)) return null;
  const detail = body.detail;
  if (isRecord(detail) && typeof detail.message === 'string') return detail.message;
  return null;
}

/** A 422's problems, listed as pydantic does ({"detail": [{"loc", "msg", …}]}), already in the user's language. */
function validationMessage(body: unknown): string | null {
  if (!isRecord(body) || !Array.isArray(body.detail)) return null;
  const msgs = body.detail.flatMap((issue) => (isRecord(issue) && typeof issue.msg === 'string' ? [issue.msg] : []));
  return msgs.length > 0 ? msgs.join('; ') : null;
}

function errorText(body: unknown, response: Response): string {
  const fromDetail = detailMessage(body) ?? validationMessage(body);
  if (fromDetail) return fromDetail;
  if (isRecord(body)) {
    if (typeof body.detail === 'string') return body.detail;
    if (typeof body.message === 'string') return body.message;
  }
  return response.statusText || `HTTP ${response.status}`;
}

/** The parsed body: JSON when the server says so, else the text (null when empty). */
export async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (!text) return null;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/** The one fetch of the web app: `call` (below) is its only caller, so every request is a route table row. */
async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': currentLocale(), ...opts.headers };
  const token = getToken();
  // Credentials travel in the HttpOnly cookie (credentials: 'same-origin'); no script ever holds the token.
  let body: BodyInit | undefined;
  if (opts.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(opts.form).toString();
  } else if (opts.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.json);
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, opts.query), {
      method,
      headers,
      body,
      signal: opts.signal,
      credentials: 'same-origin',
    });
  } catch (e) {
    return noAnswer(e);
  }

  let parsed: unknown;
  try {
    parsed = opts.as === 'blob' && response.ok ? await response.blob() : await readBody(response);
  } catch {
    parsed = null;
  }
  return settle<T>(response, parsed, { token, path, toasts: opts.toasts !== false });
}

/** A request that got no answer: aborted (message 'aborted') or a network failure. Every transport answers so. */
export function noAnswer<T>(e: unknown): ApiResult<T> {
  const aborted = e instanceof DOMException && e.name === 'AbortError';
  return { response: null, data: null, error: { status: 0, message: aborted ? 'aborted' : String(e), body: null } };
}

/**
 * The one behaviour for an answer, whichever transport got it (fetch here, XMLHttpRequest in api/multipart.ts):
 * a 401 ends the sign-in the request was made under, errors carry the server's message (toasted when asked),
 * a success's message is toasted when asked.
 */
export function settle<T>(response: Response, parsed: unknown, ctx: { token: string | null; path: string; toasts: boolean }): ApiResult<T> {
  if (!response.ok) {
    // A stored token the server no longer accepts: forget it, the guards send the user to /login.
    // Only the sign-in this request was made under ends: a late 401 for an old session never signs out a new one.
    if (response.status === 401 && ctx.token && getToken() === ctx.token && ctx.path !== API.authToken) setToken(null);
    const fromDetail = detailMessage(parsed) ?? validationMessage(parsed);
    if (ctx.toasts && fromDetail) toast.error(fromDetail);
    return { response, data: null, error: { status: response.status, message: errorText(parsed, response), body: parsed } };
  }
  if (ctx.toasts && isRecord(parsed) && typeof parsed.message === 'string' && parsed.message) {
    toast.info(parsed.message);
  }
  return { response, error: null, data: parsed as T };
}

export type ParamsPart<P extends string> = [ParamNames<P>] extends [never] ? { params?: undefined } : { params: PathParams<P> };
type BodyPart<B> = [B] extends [undefined] ? { json?: undefined } : { json: B };
export type QueryPart<Q> = [Q] extends [undefined] ? { query?: undefined } : { query?: Q };

/** What a call of a route table row takes: its path's params, its body and its query, as the row names them. */
export type CallOptions<R extends AnyRoute> = Omit<RequestOptions, 'json' | 'query'> & ParamsPart<R['path']> & BodyPart<BodyOf<R>> & QueryPart<QueryOf<R>>;
type CallArgs<R extends AnyRoute> = object extends CallOptions<R> ? [opts?: CallOptions<R>] : [opts: CallOptions<R>];

/**
 * Calls one row of the contract's route table (contract/route-table.ts): method and path come from the row,
 * the params fill the path (encoded), and the answer has the row's type.
 */
export function call<R extends AnyRoute>(route: R, ...[opts]: CallArgs<R>): Promise<ApiResult<ResponseOf<R>>> {
  const { params, ...rest } = (opts ?? {}) as RequestOptions & { params?: Record<string, string | number> };
  return request<ResponseOf<R>>(route.method, params ? fillPath(route.path, params) : route.path, rest);
}

/** For TanStack Query: turns an ApiResult into data, or throws its ApiError so the query shows an error state. */
export async function unwrap<T>(result: Promise<ApiResult<T>>): Promise<T> {
  const { data, error } = await result;
  if (error) throw error;
  return data as T;
}
