import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions, RequestsAtDebug } from './logging';

/** A Fastify app whose log lines land in `lines`, with one route. */
async function appLoggingTo(level: string, lines: string[]) {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const options = loggerOptions({ logLevel: level, env: 'production' }, false);
  const app = Fastify({ logger: { ...(options as object), stream }, logController: new RequestsAtDebug() });
  app.get('/hello', async () => ({ ok: true }));
  await app.ready();
  return app;
}

describe('the server log', () => {
  it('writes no line per request at the default level, one at debug', async () => {
    const quiet: string[] = [];
    const app = await appLoggingTo('info', quiet);
    for (let i = 0; i < 5; i++) await app.inject({ method: 'GET', url: '/hello' });
    await app.close();
    expect(quiet.filter((line) => line.includes('/hello'))).toEqual([]);

    const chatty: string[] = [];
    const debug = await appLoggingTo('debug', chatty);
    await debug.inject({ method: 'GET', url: '/hello', headers: { cookie: 'secret=1' } });
    await debug.close();
    const requests = chatty.filter((line) => line.includes('/hello'));
    expect(requests).toHaveLength(1);
    expect(JSON.parse(requests[0] ?? '{}')).toMatchObject({ level: 20, method: 'GET', url: '/hello', statusCode: 200 });
    expect(requests[0]).not.toContain('secret=1');
  });

  it('is pretty in a terminal and JSON otherwise (and in tests)', () => {
    const inTerminal = loggerOptions({ logLevel: 'info', env: 'production' }, true) as {
      transport?: { target: string };
    };
    expect(inTerminal.transport?.target).toBe('pino-pretty');
    expect(loggerOptions({ logLevel: 'info', env: 'production' }, false)).not.toHaveProperty('transport');
    expect(loggerOptions({ logLevel: 'info', env: 'test' }, true)).not.toHaveProperty('transport');
  });
});
