import { request, type ApiResult } from '../../api/client';

/**
 * A multipart request (image and asset uploads) through api/client.ts's transport: the same 401, abort and
 * error behaviour; it answers {response, error, data} and never throws.
 */
export function sendMultipart<T>(method: 'POST' | 'PUT', path: string, fields: Record<string, string | Blob>): Promise<ApiResult<T>> {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  return request<T>(method, path, { multipart: body });
}

/** "photo.JPG" → "jpg"; Mealie's upload routes take the extension beside the file. */
export function fileExtension(file: File): string {
  const fromName = /\.([a-z0-9]+)$/i.exec(file.name)?.[1];
  if (fromName) return fromName.toLowerCase();
  return file.type.split('/')[1] ?? '';
}
