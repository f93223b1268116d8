/**
 * A file for a multipart field of the client. The generator types OpenAPI `format: binary` fields as
 * `string`, but the client appends them to a FormData as given, so a File arrives as a real file part.
 */
export function uploadField(data: Buffer, filename: string, type: string): string {
  return new File([new Uint8Array(data)], filename, { type }) as unknown as string;
}

/**
 * One file for a multipart array field. The generated client sends such a field as `list.join(',')`, which
 * would turn a File into the text "[object File]"; a list whose join gives the file back sends the file.
 */
export function uploadList(file: string): string[] {
  const list = [file];
  list.join = () => file;
  return list;
}
