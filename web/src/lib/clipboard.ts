export type CopyResult = 'ok' | 'unsupported' | 'failed';

/** Copies text; tells apart a browser without the clipboard API from a refused copy (spec §8). */
export async function copyText(text: string): Promise<CopyResult> {
  if (!navigator.clipboard?.writeText) return 'unsupported';
  try {
    await navigator.clipboard.writeText(text);
    return 'ok';
  } catch {
    return 'failed';
  }
}
