import { detailMessage, type ApiResult } from '../../api/client';
import { toast } from '../../components/toast/toastStore';
import { currentLocale } from '../../i18n';

/**
 * A multipart request (image and asset uploads) with the same contract as api/client.ts: it answers
 * {response, error, data} and never throws. client.ts only sends JSON and form-encoded bodies.
 */
export async function sendMultipart<T>(method: 'POST' | 'PUT', path: string, fields: Record<string, string | Blob>): Promise<ApiResult<T>> {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': currentLocale() };
  // Credentials travel in the HttpOnly cookie (credentials: 'same-origin'); no script ever holds the token.
  let response: Response;
  try {
    response = await fetch(path, { method, headers, body, credentials: 'same-origin' });
  } catch (e) {
    return { response: null, data: null, error: { status: 0, message: String(e), body: null } };
  }
  let parsed: unknown = null;
  try {
    const text = await response.text();
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  if (!response.ok) {
    const message = detailMessage(parsed);
    if (message) toast.error(message);
    return { response, data: null, error: { status: response.status, message: message ?? response.statusText, body: parsed } };
  }
  return { response, error: null, data: parsed as T };
}

/** "photo.JPG" → "jpg"; Mealie's upload routes take the extension beside the file. */
export function fileExtension(file: File): string {
  const fromName = /\.([a-z0-9]+)$/i.exec(file.name)?.[1];
  if (fromName) return fromName.toLowerCase();
  return file.type.split('/')[1] ?? '';
}
