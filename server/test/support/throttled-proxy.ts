import net from 'node:net';

export interface ThrottledProxy {
  /** The proxy's base URL (http://127.0.0.1:<port>) in front of the target. */
  url: string;
  /** Bytes per second from clients to the target; null lifts the limit. */
  setRate(bytesPerSecond: number | null): void;
  close(): Promise<void>;
}

/**
 * A TCP proxy on a free loopback port that passes what clients send to `target` at a limited rate: an upload over a
 * slow link, slow enough for a test to interrupt it halfway. Answers come back at full speed.
 */
export async function startThrottledProxy(target: { host: string; port: number }): Promise<ThrottledProxy> {
  let rate: number | null = null;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.on('data', (chunk: Buffer) => {
      upstream.write(chunk);
      if (rate === null) return;
      client.pause();
      setTimeout(() => client.resume(), (chunk.length / rate) * 1000);
    });
    client.on('end', () => upstream.end());
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    setRate(bytesPerSecond) {
      rate = bytesPerSecond;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
