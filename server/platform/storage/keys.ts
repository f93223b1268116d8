import path from 'node:path';
import { badRequest } from '../errors.js';

const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** A file name safe to store: no directories, no leading dots, limited characters. */
export function safeFileName(name: string): string {
  const base = path.basename(name).normalize('NFKD').replace(/[^\w.-]+/g, '-').replace(/^[.-]+/, '');
  return base.slice(0, 120) || 'file';
}

function badKey(): never {
  throw badRequest('common.invalid-path');
}

/** Refuses a key that could leave the storage root or name a hidden file; returns it unchanged. */
export function checkKey(key: string): string {
  if (typeof key !== 'string' || key.length === 0 || key.length > 1024) badKey();
  if (key.includes('\\') || key.includes('\0') || key.startsWith('/')) badKey();
  for (const segment of key.split('/')) {
    if (segment === '' || segment.startsWith('.')) badKey();
  }
  return key;
}

/** A folder prefix: '' (everything) or a valid key followed by `/`. */
export function checkPrefix(prefix: string): string {
  if (prefix === '') return prefix;
  if (!prefix.endsWith('/')) badKey();
  checkKey(prefix.slice(0, -1));
  return prefix;
}

/** Joins key parts (each checked), so `key('recipes', id, 'assets', name)` cannot escape its folder. */
export function joinKey(...parts: string[]): string {
  for (const part of parts) if (part.includes('/')) checkKey(part);
  return checkKey(parts.join('/'));
}

/** The keys of Mealie's DATA_DIR layout, in one place. */
export const storageKeys = {
  /** recipes/{id}/ — everything of one recipe (images, timeline images, assets). */
  recipeFolder: (recipeId: string) => `${joinKey('recipes', recipeId)}/`,
  recipeImages: (recipeId: string) => `${joinKey('recipes', recipeId, 'images')}/`,
  recipeImage: (recipeId: string, fileName: string) => joinKey('recipes', recipeId, 'images', fileName),
  timelineImages: (recipeId: string, eventId: string) => `${joinKey('recipes', recipeId, 'images', 'timeline', eventId)}/`,
  timelineImage: (recipeId: string, eventId: string, fileName: string) => joinKey('recipes', recipeId, 'images', 'timeline', eventId, fileName),
  /** Issue 41: a gallery image's renditions (recipes/{id}/images/gallery/{imageId}/) or a step image's (…/steps/{imageId}/). */
  recipeExtraImages: (recipeId: string, kind: 'gallery' | 'steps', imageId: string) => `${joinKey('recipes', recipeId, 'images', kind, imageId)}/`,
  recipeExtraImage: (recipeId: string, kind: 'gallery' | 'steps', imageId: string, fileName: string) => joinKey('recipes', recipeId, 'images', kind, imageId, fileName),
  recipeAssets: (recipeId: string) => `${joinKey('recipes', recipeId, 'assets')}/`,
  recipeAsset: (recipeId: string, fileName: string) => joinKey('recipes', recipeId, 'assets', fileName),
  userAvatar: (userId: string) => joinKey('users', userId, 'profile.webp'),
  groupExport: (groupId: string, fileName: string) => joinKey('groups', groupId, 'export', fileName),
  /** backups/{name}.zip — Mealie keeps its backups in DATA_DIR/backups. */
  backups: () => 'backups/',
  backup: (fileName: string) => joinKey('backups', fileName),
  dockerValidation: () => 'docker-validation/validate.txt',
} as const;

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  avif: 'image/avif',
  pdf: 'application/pdf',
  zip: 'application/zip',
  json: 'application/json',
  txt: 'text/plain; charset=utf-8',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mp3: 'audio/mpeg',
};

/** A content type guessed from the key's extension (local disk stores none). */
export function contentTypeFor(key: string): string {
  return CONTENT_TYPES[path.posix.extname(key).slice(1).toLowerCase()] ?? 'application/octet-stream';
}
