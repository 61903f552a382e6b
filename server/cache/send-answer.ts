import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AnswerEncoding, CachedAnswer } from './answer-cache';

/** The encoding to send: Brotli, then gzip, whichever the request accepts (a `q=0` refuses), else none. */
export function chooseEncoding(acceptEncoding: string | undefined): AnswerEncoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    accepted.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const wildcard = accepted.get('*') ?? 0;
  for (const encoding of ['br', 'gzip'] as const) if ((accepted.get(encoding) ?? wildcard) > 0) return encoding;
  return null;
}

/** Whether `If-None-Match` names this ETag (weak comparison, as RFC 9110 asks for GET). */
function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === bare;
  });
}

/**
 * Sends a kept answer as it is, with the Vary the route set plus Accept-Encoding: 304 when the browser has these bytes, else the bytes in the best encoding the
 * request accepts, already compressed (the compression plugin leaves an encoded answer alone). The route returns
 * what this resolves to, the reply, as Fastify asks of an async handler that has sent.
 */
export async function sendAnswer<Meta>(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer<Meta>,
): Promise<FastifyReply> {
  const vary = reply.getHeader('vary');
  reply.header('etag', answer.etag).header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'accept-encoding');
  if (notModified(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  reply.header('content-type', answer.type);
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(answer.body);
  const encoded = await answer.encoded(encoding);
  return reply.header('content-encoding', encoding).send(encoded);
}
