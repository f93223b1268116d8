// Read by scripts/build-server.mjs (esbuild's `external`) and eslint.config.js (such a package is loaded with
// lazyRequire, never import(): see README, memory).
/**
 * Packages left in node_modules: native code (better-sqlite3, sharp, @node-rs/bcrypt and its per-platform
 * binary), files read from beside their own sources (tesseract.js and its language data, swagger-ui's page),
 * and what loads only on first use (pg and pg-boss on a SQLite install, archives, HTML parsing, mail, S3,
 * OIDC, LDAP, transliteration).
 */
export const EXTERNAL_PACKAGES = [
  'better-sqlite3',
  'sharp',
  '@node-rs/*',
  'tesseract.js',
  '@tesseract.js-data/*',
  '@fastify/swagger-ui',
  'pg',
  'pg-boss',
  'archiver',
  'yauzl',
  'cheerio',
  'nodemailer',
  '@aws-sdk/*',
  'openid-client',
  'ldapts',
  'any-ascii',
];
