import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { KeptBytes } from './kept-bytes.js';
import { KeptTexts } from './kept-texts.js';

/**
 * Serialized list responses, reused while nothing they were read from has changed.
 *
 * Migration 0019 makes every write to a table a recipe list reads bump `hearth_list_version` in the same
 * transaction, on every path (API, import, restore, plain SQL, another process). A request reads that number
 * (in the caller's lookup statement, server/platform/auth/guard.ts, else a one-row read of its own), and a page
 * served under the same number for the same caller and URL is sent again as it was: no list queries, no
 * serialisation. A page computed while a write commits may hold
 * the newer rows under the older number, never older rows under the newer one, so nothing stale is served.
 * The body's hash is its ETag, so a client that revalidates gets a 304 without the body.
 * `Cache-Control: no-cache` on the request recomputes the page (what a browser's hard reload sends); the items
 * it is made of (`items`) are as current as the version, so they are reused.
 */
export class ReadCache {
  /** Whole answers by caller and URL, with their ETag, under the lists' version; ~8 MB. */
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
  private readonly versionQuery = CompiledQuery.raw('select version from hearth_list_version');

  async version(db: Kysely<Database>): Promise<string> {
    const result = await db.executeQuery<{ version: string | number | bigint }>(this.versionQuery);
    return String(result.rows[0]?.version ?? 0);
  }

  /**
   * Answers a GET with the cached body of `key` when the data has not changed since it was made, else with
   * `computeJson(version)`, kept for the next caller. The JSON text is sent as it is, not re-validated against
   * the route's response schema: it is built from the contract's types field by field (as toRecipeSummary
   * does), so there is nothing to strip or convert, and re-encoding a 30-recipe page cost ~7 % of a computed
   * list request. The route tests and the contract suite check the wire shape. `version` is the one this
   * answer is kept under, for what the computation itself keeps (`items`).
   */
  async respond(
    db: Kysely<Database>,
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    computeJson: (version: string) => Promise<Buffer>,
  ): Promise<FastifyReply> {
    // Read with the caller, in the same statement, before any of the list's queries.
    const version = request.user?.listVersion ?? (await this.version(db));
    const fresh = /\bno-cache\b/.test(request.headers['cache-control'] ?? '');
    let entry = fresh ? undefined : this.pages.lookup(version, '', [key])[0];
    if (!entry) {
      const body = await computeJson(version);
      const etag = `W/"${crypto.createHash('sha1').update(body).digest('base64url')}"`;
      this.pages.keep(version, '', key, body, etag);
      entry = { bytes: body, meta: etag };
    }
    reply.header('etag', entry.meta);
    if (request.headers['if-none-match'] === entry.meta) {
      return reply.status(304).send();
    }
    // Bytes are sent as they are, past the route's response schema.
    return reply.type('application/json; charset=utf-8').send(entry.bytes);
  }
}
