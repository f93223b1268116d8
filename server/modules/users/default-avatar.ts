import crypto from 'node:crypto';
import type { Deps } from '../../platform/deps.js';
import { loadSharp } from '../../lazy.js';
import { storageKeys } from '../../platform/storage/index.js';

/** Dark enough for white initials at WCAG AA (each ≥ 4.5:1 against #FFFFFF). */
const BACKGROUNDS = ['#8E3B12', '#1F5F8B', '#2E6B30', '#6A3D9A', '#9B2C4A', '#00626F', '#7A4E00', '#4A5568'];

export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.slice(0, 2).map((part) => [...part][0]?.toLocaleUpperCase() ?? '');
  return letters.join('') || '?';
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** A 256 px webp of the user's initials on a colour picked from the user's id (the same every time). */
export async function renderDefaultAvatar(userId: string, name: string): Promise<Buffer> {
  const colour = BACKGROUNDS[crypto.createHash('sha1').update(userId).digest()[0] % BACKGROUNDS.length];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" fill="${colour}"/><text x="128" y="128" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, Noto Sans, Arial, sans-serif" font-size="104" font-weight="600" fill="#FFFFFF">${escapeXml(initialsOf(name))}</text></svg>`;
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).webp({ quality: 85 }).toBuffer();
}

/**
 * Every user has a picture: one is generated from their initials the first time it is asked for and
 * stored like an uploaded one, so the web app never asks for an avatar that is not there. Answers false
 * when there is no such user.
 */
export async function ensureAvatar(deps: Deps, userId: string): Promise<boolean> {
  const key = storageKeys.userAvatar(userId);
  if (await deps.storage.exists(key)) return true;
  const user = await deps.db.selectFrom('users').select(['full_name', 'username']).where('id', '=', userId).executeTakeFirst();
  if (!user) return false;
  await deps.storage.put(key, await renderDefaultAvatar(userId, user.full_name || user.username || ''), { contentType: 'image/webp' });
  return true;
}
