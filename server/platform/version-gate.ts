/**
 * The version a cache holds a group's values under: `<group id>:<number>`, the group's version of cached reads
 * (migrations 0019 and 0041: `hearth_list_version` plus the group's `hearth_group_versions`). A newer number
 * empties that group's part of the cache, and no other group's: every table behind a group's cached reads
 * moves its number, so nothing kept under an older one can be served again. An older number (a request that
 * read it before a write committed) is refused, to find or to keep. A version without a group part is the
 * group ''.
 */
export class VersionGate {
  private readonly current = new Map<string, bigint>();

  constructor(private readonly empty: (group: string) => void) {}

  /** Whether values may be found or kept under `version`, emptying its group's part when it is newer. */
  admits(version: string): boolean {
    const { group, number } = splitVersion(version);
    // Groups (and searches' parts, see searchVersion) come and go: past this many, all are forgotten. A group
    // forgotten is emptied when next seen, as for a newer number, so nothing kept before can be found.
    if (!this.current.has(group) && this.current.size >= MAX_GROUPS) this.current.clear();
    const known = this.current.get(group) ?? -1n;
    if (number > known) {
      this.empty(group);
      this.current.set(group, number);
      return true;
    }
    return number === known;
  }
}

const MAX_GROUPS = 10_000;

/** A version as the read cache keeps values under it (see VersionGate). */
export function groupVersion(groupId: string, number: string | number | bigint | null | undefined): string {
  return `${groupId}:${String(number ?? 0)}`;
}

/**
 * The version a search is kept under: its group's, in a part of the cache of its own per version of the search
 * vocabulary (migration 0041), which every group's searches read (prefixes, typo corrections). A newer
 * vocabulary starts a new part; the older part is no longer looked up and is pushed out as the cache fills.
 */
export function searchVersion(version: string, vocabularyVersion: string): string {
  const { group, number } = splitVersion(version);
  return `${group}~v${vocabularyVersion}:${number}`;
}

/**
 * The version of a page that shows the group's users' own ratings or favourites (a list ordered by the caller's
 * rating, a `favorited_by` filter): its group's, in a part of the cache of its own per version of those rows
 * (migration 0045). A rating or a favourite moves that part alone, unless it changes a recipe's mean.
 */
export function ratingsVersion(version: string, ratings: string): string {
  const { group, number } = splitVersion(version);
  return `${group}~r${ratings}:${number}`;
}

/** The group part of a version (see VersionGate). */
export function versionGroup(version: string): string {
  return splitVersion(version).group;
}

function splitVersion(version: string): { group: string; number: bigint } {
  const at = version.lastIndexOf(':');
  return at < 0 ? { group: '', number: BigInt(version) } : { group: version.slice(0, at), number: BigInt(version.slice(at + 1)) };
}
