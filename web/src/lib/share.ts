/** What another app shared (the manifest's share_target fields, as /share?… gets them). */
export interface Shared {
  url?: string | null;
  text?: string | null;
  title?: string | null;
  images?: number;
}

const WEB_ADDRESS = /https?:\/\/[^\s<>"']+/i;

/** The first web address in what was shared: apps put it in url, in text ("Look at this: https://…") or in title. */
export function sharedLink(shared: Shared): string | null {
  for (const value of [shared.url, shared.text, shared.title]) {
    const found = value?.match(WEB_ADDRESS)?.[0];
    // A sentence's closing punctuation is not part of the address.
    if (found) return found.replace(/[.,;:!?)\]]+$/, '');
  }
  return null;
}

/** Where a share goes: photos to the photo (OCR) import, an address to the URL import with its test started. */
export function shareDestination(groupSlug: string, shared: Shared): string | null {
  const create = `/g/${encodeURIComponent(groupSlug)}/r/create`;
  if ((shared.images ?? 0) > 0) return `${create}/ocr?shared=${shared.images}`;
  const link = sharedLink(shared);
  if (link) return `${create}/url?${new URLSearchParams({ recipe_import_url: link, test: '1' })}`;
  return null;
}

/** The photos the service worker kept for /share (web/public/share-target-sw.js), read once and then dropped. */
export async function takeSharedImages(count: number): Promise<File[]> {
  if (typeof caches === 'undefined' || count <= 0) return [];
  const cache = await caches.open('hearth-share');
  const files: File[] = [];
  for (let i = 0; i < count; i++) {
    const response = await cache.match(`/share-target/images/${i}`);
    if (!response) continue;
    const name = decodeURIComponent(response.headers.get('x-file-name') ?? `shared-${i + 1}.jpg`);
    files.push(new File([await response.blob()], name, { type: response.headers.get('content-type') ?? 'image/jpeg' }));
  }
  await caches.delete('hearth-share');
  return files;
}
