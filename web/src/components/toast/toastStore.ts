/** A tiny toast queue (spec §8): 2000 ms, coloured by kind, loading toasts stay until closed. */
export type ToastKind = 'success' | 'info' | 'warning' | 'error' | 'loading';

export interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
  /** ms; null means no time limit. */
  timeout: number | null;
}

export const TOAST_TIMEOUT_MS = 2000;
const MAX_VISIBLE = 4;

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  listeners.forEach((l) => l());
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): Toast[] {
  return toasts;
}

export function dismissToast(id: number): void {
  const next = toasts.filter((t) => t.id !== id);
  if (next.length !== toasts.length) {
    toasts = next;
    emit();
  }
}

function push(kind: ToastKind, text: string): number {
  const id = nextId++;
  const timeout = kind === 'loading' ? null : TOAST_TIMEOUT_MS;
  // The same text twice in a row (e.g. two failed calls) shows once.
  toasts = [...toasts.filter((t) => !(t.text === text && t.kind === kind)), { id, kind, text, timeout }].slice(-MAX_VISIBLE);
  emit();
  return id;
}

export const toast = {
  success: (text: string) => push('success', text),
  info: (text: string) => push('info', text),
  warning: (text: string) => push('warning', text),
  error: (text: string) => push('error', text),
  /** Returns the id to pass to dismissToast when the work is done. */
  loading: (text: string) => push('loading', text),
};
