import { readStorage, storageKeys, writeStorage } from '../lib/storage';

/** The bearer token, kept in localStorage and observable (for useSyncExternalStore). */
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
