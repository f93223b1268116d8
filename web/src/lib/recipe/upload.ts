/** "photo.JPG" → "jpg"; Mealie's upload routes take the extension beside the file. */
export function fileExtension(file: File): string {
  const fromName = /\.([a-z0-9]+)$/i.exec(file.name)?.[1];
  if (fromName) return fromName.toLowerCase();
  return file.type.split('/')[1] ?? '';
}
