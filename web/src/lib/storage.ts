/** localStorage access that never throws (private mode, disabled storage). */
export const storageKeys = {
  token: 'hearth.auth.token',
  locale: 'hearth.locale',
  colorMode: 'hearth.colorMode',
} as const;

export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // storage unavailable: the value lives for this page only
  }
}
