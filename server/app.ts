import fs from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { DbHandle } from './db/connect.js';
import { registerGuard } from './platform/auth/guard.js';
import { resolveSecret } from './platform/auth/secret.js';
import { TokenService } from './platform/auth/tokens.js';
import type { Deps } from './platform/deps.js';
import { registerCompression } from './platform/compression.js';
import { errorBody, registerErrorHandling } from './platform/errors.js';
import { localeFromAcceptLanguage, translateError } from './platform/i18n/index.js';
import { trackApiMethods } from './platform/method-not-allowed.js';
import { ReadCache } from './platform/read-cache.js';
import { guardInput } from './platform/input-guard.js';
import { registerMultipart } from './platform/multipart.js';
import type { App } from './platform/http.js';
import { loggerOptions, registerRequestLog } from './platform/logging.js';
import { createMailer, type Mailer } from './platform/mailer.js';
import { Metrics } from './platform/metrics.js';
import { currentQueryCount, startCounting } from './db/query-count.js';
import { createStorage, type Storage } from './platform/storage/index.js';
import { jobHandlers, modules, schedules, subscribers } from './modules/index.js';
import healthRoutes from './platform/health.js';
import jobRoutes from './platform/jobs/routes.js';
import realtimeRoutes from './platform/realtime/routes.js';
import { registerApiDocs } from './platform/api-docs.js';
import { Platform, type PlatformLists, type PlatformOptions } from './platform/runtime.js';
import { APP_ROOT } from './paths.js';

export { VERSION } from './version.js';
import { VERSION } from './version.js';

export interface BuildOptions {
  logger?: boolean;
  /** Where text logs go (tests); process.stdout by default. */
  logStream?: NodeJS.WritableStream;
  mailer?: Mailer;
  storage?: Storage;
  outbound?: Deps['outbound'];
  /** Timings of the event dispatcher, jobs and scheduler (tests use short ones). */
  platform?: PlatformOptions;
  /** Replaces the subscribers, job handlers or schedules of server/modules/index.ts (tests). */
  lists?: Partial<PlatformLists>;
}

const ROUTER_OPTIONS = { ignoreTrailingSlash: true, maxParamLength: 500 };

export async function buildApp(config: Config, handle: DbHandle, options: BuildOptions = {}): Promise<{ app: App; deps: Deps }> {
  const logging = !(options.logger === false || config.logLevel === 'silent');
  const app = Fastify({
    logger: logging ? loggerOptions(config.logLevel, config.logFormat, options.logStream) : false,
    // One line per request is written by registerRequestLog (platform/logging.ts), not Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 10 * 1024 * 1024,
    trustProxy: config.trustedProxies,
    // As in Mealie, the API answers HEAD only where it serves files (media, downloads), health and the web
    // app: a HEAD twin of every other GET route cost ~1 MiB of an idle server for nothing.
    exposeHeadRoutes: false,
    routerOptions: ROUTER_OPTIONS,
    // Errors Fastify answers before any route runs (a malformed URL, a path parameter over 500 characters)
    // use Mealie's shape like every other error.
    frameworkErrors: (error, request, reply) => {
      const status = typeof error.statusCode === 'number' ? error.statusCode : 400;
      const key = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'common.uri-too-long' : error.code === 'FST_ERR_BAD_URL' ? 'common.malformed-url' : 'common.bad-request';
      const message = translateError(localeFromAcceptLanguage(request.headers['accept-language']), key);
      (reply as unknown as FastifyReply).status(status).send(errorBody(status, message));
    },
  }).withTypeProvider<import('fastify-type-provider-zod').ZodTypeProvider>() as App;

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const deps = {
    config,
    db: handle.db,
    engine: handle.engine,
    tokens: new TokenService(await resolveSecret(config, handle.db)),
    mailer: options.mailer ?? createMailer(config),
    storage: options.storage ?? (await createStorage(config)),
    outbound: options.outbound,
    readCache: new ReadCache(),
    metrics: new Metrics(),
    log: (message: string, err?: unknown) => app.log.error({ err }, message),
  } as Deps;
  // An unusable DATA_DIR or bucket stops the start with one clear line (a ConfigError), not at the first upload.
  await deps.storage.ready();
  const lists: PlatformLists = {
    subscribers: options.lists?.subscribers ?? subscribers,
    jobHandlers: options.lists?.jobHandlers ?? jobHandlers,
    schedules: options.lists?.schedules ?? schedules,
  };
  // The app holds the whole Platform (start, stop); modules see it through deps as a PlatformHandle.
  const platform = new Platform(deps, lists, options.platform);
  deps.platform = platform;
  deps.jobs = platform.jobs;

  registerErrorHandling(app);
  const allowedMethods = trackApiMethods(app, ROUTER_OPTIONS);
  if (logging) registerRequestLog(app);
  deps.metrics.instrument(app);
  deps.metrics.watchPlatform(handle.db, () => handle.poolStats?.() ?? null);
  deps.metrics.watchReadCache(deps.readCache.counts);
  // Before every route and the static files, so all of them send compressed.
  registerCompression(app);
  await app.register(cookie);
  await app.register(formbody);
  await registerMultipart(app);
  // Counters for the routes that check passwords (platform/auth/password-throttle.ts); no route is limited otherwise.
  await app.register(rateLimit, { global: false });
  app.addHook('preValidation', guardInput);
  if (config.exposeQueryCount) {
    // Only when asked: counting keeps an AsyncLocalStorage, whose hooks (on Node 20) then run for every
    // promise of every request. It starts before the guard so that resolving the caller counts too.
    app.addHook('onRequest', async () => {
      startCounting();
    });
    app.addHook('onSend', async (_request, reply) => {
      reply.header('x-hearth-queries', String(currentQueryCount() ?? 0));
    });
  }
  registerGuard(app, deps);
  await healthRoutes(app, deps);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Hearth API', version: VERSION, description: 'Wire-compatible with the Mealie API.' },
      components: { securitySchemes: { OAuth2PasswordBearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  app.get('/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());
  // The document is built from the routes @fastify/swagger sees added: it must have loaded before them.
  await app.after();
  if (config.apiDocs) registerApiDocs(app);

  for (const register of modules) await register(app, deps);
  await realtimeRoutes(app, deps);
  await jobRoutes(app, deps);
  // Background parts start once the app is ready and stop with it; open event streams end first, so that
  // closing the HTTP server does not wait for them.
  app.addHook('onReady', async () => platform.start(config.roles));
  app.addHook('preClose', async () => platform.closeStreams());
  app.addHook('onClose', async () => platform.stop());

  registerWebApp(app, config, allowedMethods);
  return { app, deps };
}

/** Serves the built web app, with index.html for any non-API path so client routes load directly. */
function registerWebApp(app: App, config: Config, allowedMethods: (request: FastifyRequest) => string[]): void {
  const root = config.staticDir ?? path.join(APP_ROOT, 'dist/web');
  const index = path.join(root, 'index.html');
  const hasWebApp = fs.existsSync(index);
  if (hasWebApp) {
    app.register(fastifyStatic, {
      root,
      // Looked up per request, so a rebuilt web app is served without a restart.
      wildcard: true,
      index: false,
      // dist/web holds .br and .gz siblings written at build time (vite.config.ts).
      preCompressed: true,
      setHeaders(reply, filePath) {
        // Vite fingerprints everything under assets/, so those files never change.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  // sendFile gives index.html an ETag and Last-Modified, so a revalidation is a 304.
  const sendIndex = (reply: FastifyReply) => reply.header('Cache-Control', 'no-cache').sendFile('index.html', root, { cacheControl: false });
  if (hasWebApp) app.get('/', { exposeHeadRoute: true, config: { access: 'public' }, schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  app.setNotFoundHandler((request, reply) => {
    const isClientRoute = request.method === 'GET' && !request.url.startsWith('/api/') && !request.url.startsWith('/assets/');
    if (hasWebApp && isClientRoute) return sendIndex(reply);
    // "Share to Hearth" is answered by the service worker (web/public/share-target-sw.js); a share that reaches the
    // server instead (the worker not running yet) goes to the page that asks to share again.
    if (hasWebApp && request.method === 'POST' && request.url.split('?')[0] === '/share-target') return reply.redirect('/share?missed=1', 303);
    const locale = localeFromAcceptLanguage(request.headers['accept-language']);
    const allow = request.url.startsWith('/api/') ? allowedMethods(request) : [];
    // A known path asked with another method: 405 with the methods it answers (Mealie's {"detail": "..."}).
    if (allow.length > 0) return reply.status(405).header('Allow', allow.join(', ')).send({ detail: translateError(locale, 'common.method-not-allowed') });
    return reply.status(404).send({ detail: translateError(locale, 'common.not-found') });
  });
}
