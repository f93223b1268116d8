/**
 * Heavy libraries load on first use, not at start-up: sharp alone is ~20 MB of resident memory that an
 * idle server never needs.
 */
type Sharp = typeof import('sharp').default;

let sharpModule: Promise<Sharp> | undefined;

export function loadSharp(): Promise<Sharp> {
  sharpModule ??= import('sharp').then((m) => m.default);
  return sharpModule;
}
