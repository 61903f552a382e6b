import net from 'node:net';

export interface CuttableProxy {
  /** `url` (a database URL, say) with its host and port replaced by the proxy's: its clients connect through it. */
  through(url: string): string;
  /**
   * Ends every connection through the proxy, then, until restore(): refuses new ones at once (ECONNREFUSED, as a
   * stopped server on a live host does), or with `hang`, accepts them and never answers (a host gone dark).
   */
  cut(options?: { hang?: boolean }): Promise<void>;
  /** Passes connections on again, on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP proxy on a free loopback port in front of `target` (host:port), which a test can cut and restore: a server
 * going away as its clients see it, without stopping the real one, which other tests share.
 */
export async function startCuttableProxy(target: { host: string; port: number }): Promise<CuttableProxy> {
  const sockets = new Set<net.Socket>();
  let hanging = false;
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  };
  const server = net.createServer((client) => {
    track(client);
    if (hanging) {
      client.on('error', () => client.destroy());
      return;
    }
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    // Either side failing ends both, as a dropped connection would.
    const dropBoth = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', dropBoth);
    upstream.on('error', dropBoth);
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  /** Stops listening (when asked to) and ends every connection; resolves once the port is closed. */
  const endAll = async (stopListening: boolean) => {
    const closed =
      stopListening && server.listening ? new Promise<void>((resolve) => server.close(() => resolve())) : undefined;
    for (const socket of sockets) socket.destroy();
    await closed;
  };
  await listen(0);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    through(url) {
      const proxied = new URL(url);
      proxied.hostname = '127.0.0.1';
      proxied.port = String(port);
      return proxied.toString();
    },
    async cut(options = {}) {
      hanging = options.hang ?? false;
      await endAll(!hanging);
    },
    async restore() {
      if (hanging) {
        hanging = false;
        // What connected meanwhile never got an answer: it is dropped, and its client connects again.
        await endAll(false);
      }
      if (!server.listening) await listen(port);
    },
    close: () => endAll(true),
  };
}
