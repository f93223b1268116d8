import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { KeptBytes } from './kept-bytes.js';
import { KeptTexts } from './kept-texts.js';
import { compressedOnce, type Encoding } from './compression.js';
import { groupVersion, ratingsVersion, searchVersion } from './version-gate.js';

/**
 * Serialized list responses, reused while nothing they were read from has changed.
 *
 * Migrations 0019 and 0041 make every write to a table a recipe list reads move its group's version in the
 * same transaction, on every path (API, import, restore, plain SQL, another process); a write in one group
 * leaves every other group's version, and cache, alone. A request reads its group's version (in the caller's
 * lookup statement, server/platform/auth/guard.ts, else a one-row read of its own), and a page served under
 * the same version for the same caller and URL is sent again as it was: no list queries, no serialisation.
 * A page computed while a write commits may hold the newer rows under the older number, never older rows under
 * the newer one, so nothing stale is served.
 * Its ETag is a hash of the caller's key and the body, so a client that revalidates gets a 304 without the
 * body, and never for another caller's page. Its gzip and brotli bytes are kept beside it once made, so a
 * repeated page is not compressed again.
 * `Cache-Control: no-cache` on the request recomputes the page (what a browser's hard reload sends); the items
 * it is made of (`items`) are as current as the version, so they are reused.
 */
export class ReadCache {
  /** Whole answers by caller and URL, with their ETag, under the group's version; ~8 MB (compressed copies too). */
  private readonly pages = new KeptBytes<string>(8 * 1024 * 1024, 256 * 1024);
  /**
   * Single items of lists (recipe summaries) as UTF-8 bytes, shared by every page and caller under the same
   * version. A page is joined from them as bytes; joined as a string, it had to be flattened and encoded again
   * on every send, and a computed list page took ~40 % more CPU.
   */
  readonly items = new KeptBytes(3 * 1024 * 1024);
  /** What lists keep besides items (counted totals, deep-page milestones), under the same version; ~256 KB. */
  readonly marks = new KeptTexts(256 * 1024);
  /** Whole documents (a full recipe) with their update time, under the same version; ~2 MB. */
  readonly documents = new KeptBytes<string | null>(2 * 1024 * 1024, 256 * 1024);
  /**
   * Whole pages and whole documents answered from the cache (`hit`), computed because none was kept (`miss`),
   * or computed because the request said no-cache (`bypass`), since start: GET /api/app/metrics reports them,
   * and the bench's mixed run prints the hit rate. `items`: list items found kept, or read and built, by the
   * pages computed.
   */
  readonly counts = { pages: { hit: 0, miss: 0, bypass: 0 }, documents: { hit: 0, miss: 0, bypass: 0 }, items: { hit: 0, miss: 0 } };
  /** The group's version of cached reads (migrations 0019 and 0041), as guard.ts reads it with the caller. */
  async version(db: Kysely<Database>, groupId: string, search = false, ratings = false): Promise<string> {
    const result = await sql<{ version: string | number | bigint; vocabulary: string | number | null; ratings: string | number | null }>`select
      (select version from hearth_list_version) + coalesce((select version from hearth_group_versions where group_id = ${groupId}), 0) as version,
      (select version from hearth_group_versions where group_id = '~vocabulary') as vocabulary,
      (select version from hearth_group_versions where group_id = ${`${groupId}~ratings`}) as ratings`.execute(db);
    const row = result.rows[0];
    return this.compose(groupVersion(groupId, row?.version), search && String(row?.vocabulary ?? 0), ratings && String(row?.ratings ?? 0));
  }

  /** A group's version with the parts a page also depends on: the search vocabulary's, its users' ratings'. */
  private compose(version: string, vocabulary: string | false, ratings: string | false): string {
    const withRatings = ratings === false ? version : ratingsVersion(version, ratings);
    return vocabulary === false ? withRatings : searchVersion(withRatings, vocabulary);
  }

  /**
   * Answers a GET with the cached body of `key` when the data has not changed since it was made, else with
   * `computeJson(version)`, kept for the next caller. The JSON text is sent as it is, not re-validated against
   * the route's response schema: it is built from the contract's types field by field (as toRecipeSummary
   * does), so there is nothing to strip or convert, and re-encoding a 30-recipe page cost ~7 % of a computed
   * list request. The route tests and the contract suite check the wire shape. `version` is the one this
   * answer is kept under, for what the computation itself keeps (`items`). `key` must name everything the
   * page depends on besides the group's data (the caller, the URL): it is the cache's key and part of the ETag.
   * `search`: the page is a search's, which reads the search vocabulary as well. `ratings`: the page reads the
   * users' own ratings or favourites (migration 0045), which move a version of their own.
   */
  async respond(
    db: Kysely<Database>,
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    computeJson: (version: string) => Promise<Buffer>,
    groupId: string,
    search: boolean,
    ratings = false,
  ): Promise<FastifyReply> {
    // Read with the caller, in the same statement, before any of the list's queries. A search depends on
    // the vocabulary shared by all groups too.
    const user = request.user;
    const version = !user
      ? await this.version(db, groupId, search, ratings)
      : this.compose(user.listVersion, search && user.vocabularyVersion, ratings && user.ratingsVersion);
    const fresh = /\bno-cache\b/.test(request.headers['cache-control'] ?? '');
    let entry = fresh ? undefined : this.pages.lookup(version, '', [key])[0];
    this.counts.pages[fresh ? 'bypass' : entry ? 'hit' : 'miss'] += 1;
    if (!entry) {
      const body = await computeJson(version);
      const etag = `W/"${crypto.createHash('sha1').update(key).update('\0').update(body).digest('base64url')}"`;
      this.pages.keep(version, '', key, body, etag);
      entry = { bytes: body, meta: etag };
    }
    reply.header('etag', entry.meta);
    if (matchesEtag(request.headers['if-none-match'], entry.meta)) {
      return reply.status(304).send();
    }
    reply.type('application/json; charset=utf-8');
    // Compressed once per page and encoding, kept beside the page under the same version and key.
    const bytes = entry.bytes;
    const etag = entry.meta;
    const compressed = compressedOnce(request, reply, bytes, (encoding: Encoding, make: () => Buffer) => {
      // Only the compression of these very bytes (same ETag): a page made again may differ from one made
      // earlier under the same version (a write committed while it was read).
      const [kept] = this.pages.lookup(version, encoding, [key]);
      if (kept?.meta === etag) return kept.bytes;
      const made = make();
      this.pages.keep(version, encoding, key, made, etag);
      return made;
    });
    // Bytes are sent as they are, past the route's response schema.
    return reply.send(compressed);
  }
}

/** Whether an If-None-Match header names this ETag (a list of tags, weak or not, or `*`). */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === bare;
  });
}
