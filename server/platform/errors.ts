import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { isConnectionLost } from '../db/connection-lost.js';
import { InputError } from './input-guard.js';
import { localeFromAcceptLanguage, localizeText } from './i18n/index.js';

/** An error the client caused or may see; its message reaches the client in Mealie's error shape. */
export class HttpError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    /** Mealie's `detail.exception`: a name a client may tell the error by (null for most). */
    public readonly exception: string | null = null,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Could not validate credentials') => new HttpError(401, message);
export const forbidden = (message = 'Forbidden') => new HttpError(403, message);
export const notFound = (message = 'No Entry Found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

/** Mealie's shapes: 401 → {"detail": "..."}; everything else → {"detail": {"message", "error": true, "exception": null}}. */
export function errorBody(status: number, message: string, exception: string | null = null) {
  if (status === 401) return { detail: message };
  return { detail: { message, error: true, exception } };
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | HttpError, request, reply) => {
    // The message in the language the client asked for (the web app sends its own as Accept-Language).
    const say = (message: string) => localizeText(localeFromAcceptLanguage(request.headers['accept-language']), message);
    if (err instanceof HttpError) {
      if (err.status === 401) reply.header('WWW-Authenticate', 'Bearer');
      return reply.status(err.status).send(errorBody(err.status, say(err.message), err.exception));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const detail = err.validation.map((issue) => ({
        loc: [err.validationContext ?? 'body', ...String(issue.instancePath ?? '').split('/').filter(Boolean)],
        msg: issue.message,
        type: issue.keyword,
      }));
      return reply.status(422).send({ detail });
    }
    if (err instanceof InputError) {
      return reply.status(422).send({ detail: [{ loc: err.loc, msg: err.message, type: err.type }] });
    }
    if (err instanceof ZodError) {
      const detail = err.issues.map((issue) => ({ loc: ['body', ...issue.path.map(String)], msg: issue.message, type: issue.code }));
      return reply.status(422).send({ detail });
    }
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send(errorBody(status, say(clientMessage(err))));
    }
    if (isConnectionLost(err)) {
      // Only the requests that used the dropped connection fail; the pool opens a new one for the next.
      request.log.warn({ err }, 'database connection lost during the request');
      reply.header('Retry-After', '1');
      return reply.status(503).send(errorBody(503, say('The database connection was lost; please retry')));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send(errorBody(500, 'Internal Server Error'));
  });
}

function clientMessage(err: FastifyError): string {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Request body is not valid JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type';
    default:
      return err.message || 'Bad Request';
  }
}
