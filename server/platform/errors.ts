import type { FastifyError, FastifyInstance } from 'fastify';
import { isConnectionLost } from '../db/connection-lost.js';
import { DEFAULT_LOCALE, localeFromAcceptLanguage, translateError, type ErrorKey, type MessageVars } from './i18n/index.js';
import { validationBody } from './validation-errors.js';

export type { ErrorKey, MessageVars };

/**
 * An error the client caused or may see. It names a catalogue key (web/src/i18n/locales/*.json, "errors")
 * and the values its text needs; the error handler translates it into the client's language
 * (Accept-Language). `message` is the English text, for logs.
 */
export class HttpError extends Error {
  constructor(
    public readonly status: number,
    public readonly key: ErrorKey,
    public readonly vars: MessageVars = {},
    /** 'plain' answers {"detail": "<text>"} where Mealie sends a bare string. */
    public readonly shape: 'mealie' | 'plain' = status === 401 ? 'plain' : 'mealie',
    /** Mealie's `detail.exception`: a name a client may tell the error by (null for most). */
    public readonly exception: string | null = null,
  ) {
    super(translateError(DEFAULT_LOCALE, key, vars));
  }

  /** Headers the answer carries (e.g. Retry-After on a 429). */
  headers: Record<string, string> = {};

  /** The text in `locale`. */
  say(locale: string): string {
    return translateError(locale, this.key, this.vars);
  }
}

export const badRequest = (key: ErrorKey, vars?: MessageVars) => new HttpError(400, key, vars);
export const unauthorized = (key: ErrorKey = 'auth.could-not-validate-credentials', vars?: MessageVars) => new HttpError(401, key, vars);
export const forbidden = (key: ErrorKey = 'common.forbidden', vars?: MessageVars) => new HttpError(403, key, vars);
export const notFound = (key: ErrorKey = 'common.no-entry-found', vars?: MessageVars) => new HttpError(404, key, vars);
export const conflict = (key: ErrorKey, vars?: MessageVars) => new HttpError(409, key, vars);
/** A 404 whose body is a bare string, as Mealie's explore routes answer ({"detail": "recipe not found"}). */
export const plainNotFound = (key: ErrorKey, vars?: MessageVars) => new HttpError(404, key, vars, 'plain');

/** Mealie's shapes: 401 and bare-string errors → {"detail": "..."}; the rest → {"detail": {"message", "error": true, "exception"}}. */
export function errorBody(status: number, message: string, shape: 'mealie' | 'plain' = status === 401 ? 'plain' : 'mealie', exception: string | null = null) {
  if (shape === 'plain') return { detail: message };
  return { detail: { message, error: true, exception } };
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | HttpError, request, reply) => {
    // The message in the language the client asked for (the web app sends its own as Accept-Language).
    const locale = localeFromAcceptLanguage(request.headers['accept-language']);
    if (err instanceof HttpError) {
      if (err.status === 401) reply.header('WWW-Authenticate', 'Bearer');
      for (const [name, value] of Object.entries(err.headers)) reply.header(name, value);
      return reply.status(err.status).send(errorBody(err.status, err.say(locale), err.shape, err.exception));
    }
    const validation = validationBody(err, locale, request);
    if (validation) return reply.status(422).send(validation);
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send(errorBody(status, translateError(locale, clientMessage(err))));
    }
    if (isConnectionLost(err)) {
      // Only the requests that used the dropped connection fail; the pool opens a new one for the next.
      request.log.warn({ err }, 'database connection lost during the request');
      reply.header('Retry-After', '1');
      return reply.status(503).send(errorBody(503, translateError(locale, 'common.database-connection-was-lost-please-retry')));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send(errorBody(500, translateError(locale, 'common.internal-server-error')));
  });
}

/** Fastify's own client errors, by code. */
function clientMessage(err: FastifyError): ErrorKey {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'common.request-body-is-not-valid-json';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'common.request-body-is-too-large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'common.unsupported-content-type';
    default:
      if (err.statusCode === 404) return 'common.not-found';
      if (err.statusCode === 413) return 'common.request-body-is-too-large';
      if (err.statusCode === 415) return 'common.unsupported-content-type';
      return 'common.bad-request';
  }
}
