import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DatabaseUnavailableError } from '../db/database';
import { AppError, diskFull, type ErrorBody, errorBody, isDiskFull } from '../errors';
import { StorageUnavailableError } from '../storage/storage';

const CLIENT_ERRORS: Record<number, [string, string]> = {
  401: ['unauthenticated', 'Please sign in first.'],
  403: ['unauthorized', 'You do not have permission to do this.'],
  404: ['not-found', 'Nothing is here.'],
  405: ['method-not-allowed', 'This method is not allowed here.'],
};

/** A service the site needs that can be away for a while; its requests answer 503 with Retry-After meanwhile. */
export interface Outage {
  code: 'storage-unavailable' | 'database-unavailable';
  message: string;
  /** When to ask again: about how long such an outage lasts. */
  retryAfterSeconds: number;
  /** The log line (with the underlying error); the client never sees what failed. */
  log: string;
}

const OUTAGES: Array<Outage & { is: (error: unknown) => boolean }> = [
  {
    is: (error) => error instanceof StorageUnavailableError,
    code: 'storage-unavailable',
    message: 'The media storage cannot be reached right now. Please try again.',
    retryAfterSeconds: 30,
    log: 'the object store is unreachable',
  },
  {
    // A restart of the database takes seconds; the pool connects again on the first query after it.
    is: (error) => error instanceof DatabaseUnavailableError,
    code: 'database-unavailable',
    message: 'The site cannot reach its database right now. Please try again in a few seconds.',
    retryAfterSeconds: 5,
    log: 'the database is unreachable',
  },
];

/**
 * The outage `error` reports, if it is one, itself or by what it wraps: a library may wrap what it met (better-auth
 * answers a failed session lookup with its own error, the database's as its cause).
 */
export function outageOf(error: unknown): Outage | null {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth++) {
    const outage = OUTAGES.find((candidate) => candidate.is(cause));
    if (outage) return outage;
  }
  return null;
}

/** Sets the status and Retry-After of an outage's answer, and returns its error body. */
export function outageAnswer(reply: FastifyReply, outage: Outage): ErrorBody {
  reply.status(503).header('retry-after', String(outage.retryAfterSeconds));
  return errorBody(outage.code, outage.message);
}

/**
 * Turns every failure into `{ error: { code, message } }`. Stack traces and internal messages never reach the
 * client; they go to the log with the request id.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send(errorBody(error.code, error.message, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = error.validation.map((issue) => {
        // A rule that names its reason (the text rule of shared/schemas/text.ts) passes it on, so a page can say
        // more than "not valid" about a character the person cannot see.
        const reason = (issue.params as { params?: { reason?: unknown } } | undefined)?.params?.reason;
        return {
          field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
          message: issue.message,
          ...(typeof reason === 'string' ? { reason } : {}),
        };
      });
      return reply.status(400).send(errorBody('invalid-argument', 'Some fields are missing or not valid.', { fields }));
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (error instanceof SyntaxError && error.statusCode === 400)) {
      return reply.status(400).send(errorBody('invalid-json', 'The request body is not valid JSON.'));
    }
    if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.status(400).send(errorBody('invalid-json', 'The request body is empty.'));
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send(errorBody('payload-too-large', 'The request body is too large.'));
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send(errorBody('unsupported-media-type', 'This content type is not accepted here.'));
    }
    if (error.statusCode === 429) {
      return reply.status(429).send(errorBody('too-many-requests', 'Too many attempts. Please try again later.'));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const [code, message] = CLIENT_ERRORS[error.statusCode] ?? ['invalid-argument', 'The request is not valid.'];
      return reply.status(error.statusCode).send(errorBody(code, message));
    }
    const outage = outageOf(error);
    if (outage) {
      request.log.error({ err: error }, outage.log);
      return reply.send(outageAnswer(reply, outage));
    }
    if (isDiskFull(error)) {
      request.log.error({ err: error }, 'the disk is full: a write was refused (ENOSPC/EDQUOT)');
      const full = diskFull();
      return reply.status(full.status).send(errorBody(full.code, full.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody('internal-error', 'Something went wrong on our side. Please try again.'));
  });
}
