import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import type { Config } from './env';

/**
 * The server log: one JSON object per line for log collectors (systemd's journal, a container runtime), and
 * readable coloured lines when a person watches the terminal. Secrets in headers never reach it.
 */
export function loggerOptions(
  config: Pick<Config, 'logLevel' | 'env'>,
  terminal = Boolean(process.stdout.isTTY),
): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    ...(terminal && config.env !== 'test'
      ? {
          transport: {
            target: 'pino-pretty',
            options: { colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId' },
          },
        }
      : {}),
  };
}

/**
 * One line per answered request, at debug level: at the default level (info) an hour of browsing the galleries
 * adds nothing to the log. A request that failed is still logged as an error.
 */
export class RequestsAtDebug extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      super.requestCompleted(error, request, reply, {});
      return;
    }
    request.log.debug(
      { method: request.method, url: request.url, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request',
    );
  }
}
