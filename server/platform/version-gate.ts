/**
 * The lists' version (migration 0019) a cache holds its values under. A newer version empties the cache: every
 * table behind a list moves it, so nothing kept under an older one can be served again. An older version (a
 * request that read it before a write committed) is refused, to find or to keep.
 */
export class VersionGate {
  private current = -1n;

  constructor(private readonly empty: () => void) {}

  /** Whether values may be found or kept under `version`, emptying the cache when it is newer. */
  admits(version: string): boolean {
    const asked = BigInt(version);
    if (asked > this.current) {
      this.empty();
      this.current = asked;
    }
    return asked === this.current;
  }
}
