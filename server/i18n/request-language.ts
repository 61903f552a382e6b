import type { FastifyRequest } from 'fastify';
import { LANGUAGE_STORAGE_KEY, type Language, resolveLanguage } from '../../shared/i18n/languages';

/** The language a request's e-mails go in: the visitor's chosen language (cookie), else the browser's. */
export function requestLanguage(request: FastifyRequest): Language {
  return resolveLanguage({
    cookie: request.cookies?.[LANGUAGE_STORAGE_KEY],
    acceptLanguage: request.headers['accept-language'],
  });
}
