import { currentLocale } from '../i18n';
import { fillPath } from '../../../contract/routes';
import type { AnyRoute, BodyOf, Multipart, MultipartFields, QueryOf, QueryValue, ResponseOf } from '../../../contract/route-table';
import { buildUrl, noAnswer, readBody, settle, type ApiResult, type ParamsPart, type QueryPart } from './client';
import { getToken } from './token';

/** Upload progress: the share of the request body sent so far, 0 to 1. */
export type UploadProgressHandler = (sent: number) => void;

interface MultipartOptionsBase {
  onProgress?: UploadProgressHandler;
  signal?: AbortSignal;
  /** Show the server's message as a toast (api/client.ts's rule). Default false: the import screens show it beside the form. */
  toasts?: boolean;
}

/** A multipart row's options: its path's params and its query, as the row names them. */
export type MultipartOptions<R extends AnyRoute> = MultipartOptionsBase & ParamsPart<R['path']> & QueryPart<QueryOf<R>>;
type MultipartArgs<R extends AnyRoute> = object extends MultipartOptions<R> ? [opts?: MultipartOptions<R>] : [opts: MultipartOptions<R>];
type FieldNames<R> = BodyOf<R> extends Multipart<infer Names> ? Names : never;

/** Statuses whose Response must not have a body. */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/**
 * Every multipart request of the web app (uploads and imports): XMLHttpRequest, so it can report upload
 * progress (fetch cannot), answered by api/client.ts's own code (noAnswer, readBody, settle): the same 401,
 * abort and error behaviour; {response, error, data}, never throws. Fields may repeat (several `images`).
 * Method, path, field names and the answer's type come from a multipart row of the route table.
 */
export function sendMultipart<R extends AnyRoute & { readonly types?: { body: Multipart } }>(
  route: R,
  fields: MultipartFields<FieldNames<R>>,
  ...[options]: MultipartArgs<R>
): Promise<ApiResult<ResponseOf<R>>> {
  type T = ResponseOf<R>;
  const { params, query, ...opts } = (options ?? {}) as MultipartOptionsBase & { params?: Record<string, string | number>; query?: Record<string, QueryValue> };
  const method = route.method;
  const path = params ? fillPath(route.path, params) : route.path;
  return new Promise((resolve) => {
    const body = new FormData();
    for (const [key, value] of fields) body.append(key, value);
    const xhr = new XMLHttpRequest();
    const token = getToken();
    const failed = (e: unknown) => resolve(noAnswer<T>(e));
    const aborted = () => failed(new DOMException('The request was aborted', 'AbortError'));

    xhr.open(method, buildUrl(path, query));
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', currentLocale());
    // The HttpOnly session cookie goes with same-origin XHR; no script holds the token.

    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) opts.onProgress?.(Math.min(1, e.loaded / e.total));
    };
    xhr.upload.onload = () => opts.onProgress?.(1);
    xhr.onerror = () => failed(new TypeError('network error'));
    xhr.ontimeout = () => failed(new TypeError('timeout'));
    xhr.onabort = aborted;
    xhr.onload = () => {
      const response = new Response(NULL_BODY.has(xhr.status) ? null : xhr.responseText, {
        status: xhr.status,
        statusText: xhr.statusText,
        headers: { 'content-type': xhr.getResponseHeader('content-type') ?? '' },
      });
      void readBody(response)
        .catch(() => null)
        .then((parsed) => resolve(settle<T>(response, parsed, { token, path, toasts: opts.toasts ?? false })));
    };

    if (opts.signal) {
      if (opts.signal.aborted) return aborted();
      opts.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(body);
  });
}
