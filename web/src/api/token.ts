import { readStorage, storageKeys, writeStorage } from '../lib/storage';

/**
 * Whether this browser is signed in, observable (for useSyncExternalStore). The credential itself is the
 * HttpOnly `mealie.access_token` cookie the server sets at sign-in, which scripts cannot read; what is kept
 * here (and in localStorage, so tabs agree) is only a random marker of the sign-in, never the token.
 */
let token: string | null = readStorage(storageKeys.token);
const listeners = new Set<() => void>();

export function getToken(): string | null {
  return token;
}

export function setToken(value: string | null): void {
  if (value === token) return;
  token = value;
  writeStorage(storageKeys.token, value);
  listeners.forEach((l) => l());
}

export function subscribeToken(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Another tab logging in or out changes this tab too.
window.addEventListener('storage', (e) => {
  if (e.key !== storageKeys.token) return;
  token = e.newValue;
  listeners.forEach((l) => l());
});

/** A fresh marker for a sign-in: changes on every sign-in so per-user caches keyed by it never mix. */
export function newSignInMarker(): string {
  return `signed-in:${crypto.randomUUID()}`;
}

// A token stored by an earlier version is a credential readable by any script: drop it (the cookie stays).
if (token && !token.startsWith('signed-in:')) setToken(newSignInMarker());
