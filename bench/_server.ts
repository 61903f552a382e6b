import type { AddressInfo } from 'node:net';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/env';
import { makeTempDir } from '../server/test/harness';

/** Starts the real application on a free loopback port with a temporary DATA_DIR, for benchmarks. */
export async function startBenchServer(env: Record<string, string> = {}) {
  const temp = makeTempDir('gallery-bench-');
  const config = loadConfig({
    NODE_ENV: 'production',
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    DATA_DIR: temp.dir,
    LOG_LEVEL: 'warn',
    DEMO_CONTENT: 'false',
    HOST: '127.0.0.1',
    PORT: '0',
    ...env,
  });
  const app = await buildApp(config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    app,
    dataDir: temp.dir,
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await app.close();
      temp.remove();
    },
  };
}
