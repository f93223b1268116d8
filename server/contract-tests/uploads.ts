/**
 * A file for a multipart field of the client. The generator types OpenAPI `format: binary` fields as
 * `string`, but the client appends them to a FormData as given, so a File arrives as a real file part.
 */
export function uploadField(data: Buffer, filename: string, type: string): string {
  return new File([new Uint8Array(data)], filename, { type }) as unknown as string;
}
