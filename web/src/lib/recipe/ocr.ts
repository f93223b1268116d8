/** The OCR editor's addresses, and which of a recipe's assets are photos it can read. */

const enc = encodeURIComponent;

export function ocrCreatePath(groupSlug: string): string {
  return `/g/${enc(groupSlug)}/r/create/ocr`;
}

export function ocrRecipePath(groupSlug: string, slug: string): string {
  return `/g/${enc(groupSlug)}/r/${enc(slug)}/ocr`;
}

const PHOTO = /\.(jpe?g|png|webp|gif|avif|heic|tiff?|bmp)$/i;

export interface AssetLike {
  name: string;
  fileName?: string | null;
}

/** The recipe's source photos: assets whose file is an image. */
export function photoAssets<T extends AssetLike>(assets: readonly T[] | null | undefined): T[] {
  return (assets ?? []).filter((a) => PHOTO.test(a.fileName ?? a.name));
}
