import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { formatContentDisposition } from './content-disposition';

/**
 * Sends a ZIP made while it is read, as an attachment named `fileName` (so a plain link hands it to the browser's own
 * download), with Content-Length so the browser shows progress. A closed connection destroys the stream, which
 * closes the file being read at once.
 */
export function sendZip(
  request: FastifyRequest,
  reply: FastifyReply,
  archive: { stream: Readable; length: number },
  fileName: string,
): FastifyReply {
  const { stream, length } = archive;
  request.raw.once('close', () => {
    if (!reply.raw.writableFinished) stream.destroy();
  });
  return reply
    .header('content-type', 'application/zip')
    .header('content-length', String(length))
    .header('content-disposition', formatContentDisposition('attachment', fileName))
    .header('x-content-type-options', 'nosniff')
    .send(stream);
}
