import { currentLocale } from '../i18n';
import { buildUrl, detailMessage, type ApiResult, type QueryValue } from './client';
import { getToken, setToken } from './token';

/** Upload progress: the share of the request body sent so far, 0 to 1. */
export type UploadProgressHandler = (sent: number) => void;

export interface MultipartOptions {
  query?: Record<string, QueryValue>;
  onProgress?: UploadProgressHandler;
  signal?: AbortSignal;
}

/** Statuses whose Response must not have a body. */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

function parse(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function errorText(body: unknown, statusText: string, status: number): string {
  const fromDetail = detailMessage(body);
  if (fromDetail) return fromDetail;
  if (typeof body === 'object' && body !== null && 'detail' in body && typeof body.detail === 'string') return body.detail;
  return statusText || `HTTP ${status}`;
}

/**
 * A multipart request that reports upload progress (XMLHttpRequest: fetch cannot), with the contract of
 * api/client.ts: it answers {response, error, data} and never throws. Fields may repeat (several `images`).
 * No toast: the import screens show the server's message beside the form.
 */
export function sendMultipartWithProgress<T>(
  method: 'POST' | 'PUT',
  path: string,
  fields: readonly (readonly [string, string | Blob])[],
  opts: MultipartOptions = {},
): Promise<ApiResult<T>> {
  return new Promise((resolve) => {
    const body = new FormData();
    for (const [key, value] of fields) body.append(key, value);
    const xhr = new XMLHttpRequest();
    const token = getToken();
    const failed = (message: string) => resolve({ response: null, data: null, error: { status: 0, message, body: null } });

    xhr.open(method, buildUrl(path, opts.query));
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', currentLocale());
    // The HttpOnly session cookie goes with same-origin XHR; no script holds the token.

    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) opts.onProgress?.(Math.min(1, e.loaded / e.total));
    };
    xhr.upload.onload = () => opts.onProgress?.(1);
    xhr.onerror = () => failed('network error');
    xhr.ontimeout = () => failed('timeout');
    xhr.onabort = () => failed('aborted');
    xhr.onload = () => {
      const text = xhr.responseText;
      const parsed = parse(text);
      const response = new Response(NULL_BODY.has(xhr.status) ? null : text, {
        status: xhr.status,
        statusText: xhr.statusText,
        headers: { 'content-type': xhr.getResponseHeader('content-type') ?? '' },
      });
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve({ response, error: null, data: parsed as T });
        return;
      }
      // A stored token the server no longer accepts: forget it, the guards send the user to /login.
      if (xhr.status === 401 && token) setToken(null);
      resolve({ response, data: null, error: { status: xhr.status, message: errorText(parsed, xhr.statusText, xhr.status), body: parsed } });
    };

    if (opts.signal) {
      if (opts.signal.aborted) return failed('aborted');
      opts.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(body);
  });
}
