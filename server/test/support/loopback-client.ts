import http from 'node:http';

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/**
 * A visitor of a server process on this machine, speaking plain HTTP from an address of its own in 127.0.0.0/8
 * (Linux answers the whole block on the loopback interface). Per-IP limits key on that address, so many visitors
 * can each stay within the site's real limits without the server being configured differently. It keeps the
 * cookies the server sets and sends the site's Origin, as a browser on the site does.
 *
 * Each request has a connection of its own (no keep-alive), so requests sent together are in flight together, and
 * a connection the server drops (a killed process) rejects that request with the socket's error.
 */
export class LoopbackClient {
  private readonly cookies = new Map<string, string>();

  constructor(
    readonly serverUrl: string,
    readonly localAddress: string,
  ) {}

  /**
   * Sends a request; resolves with the whole answer, or rejects when the connection fails before it has arrived.
   * `onSent` runs once the request has been handed to the operating system in full.
   */
  request(method: string, pathname: string, body?: unknown, options: { onSent?: () => void } = {}): Promise<Answer> {
    const url = new URL(pathname, this.serverUrl);
    const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
    return this.send(method, url, this.headers(payload === undefined ? {} : { 'content-type': 'application/json' }), {
      payload,
      onSent: options.onSent,
    });
  }

  /** Sends raw bytes with the given headers (a tus PATCH). */
  sendBytes(method: string, pathname: string, headers: Record<string, string>, bytes?: Buffer): Promise<Answer> {
    return this.send(method, new URL(pathname, this.serverUrl), this.headers(headers), { payload: bytes });
  }

  async json<T>(method: string, pathname: string, body?: unknown): Promise<T> {
    const answer = await this.request(method, pathname, body);
    if (answer.status < 200 || answer.status >= 300) {
      throw new Error(`${method} ${pathname} answered ${answer.status}: ${answer.text}`);
    }
    return JSON.parse(answer.text) as T;
  }

  private headers(extra: Record<string, string>): Record<string, string> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    return { origin: this.serverUrl, ...(cookie ? { cookie } : {}), ...extra };
  }

  private send(
    method: string,
    url: URL,
    headers: Record<string, string>,
    options: { payload?: string | Buffer; onSent?: () => void },
  ): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const length = options.payload === undefined ? 0 : Buffer.byteLength(options.payload);
      const req = http.request(
        url,
        {
          method,
          agent: false,
          localAddress: this.localAddress,
          headers: { ...headers, 'content-length': String(length), connection: 'close' },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          // An answer cut off in its body is no answer: only a complete one resolves.
          res.on('error', reject);
          res.on('aborted', () => reject(new Error('the answer was cut off')));
          res.on('end', () => {
            if (!res.complete) return reject(new Error('the answer was cut off'));
            this.keepCookies(res.headers['set-cookie'] ?? []);
            resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString() });
          });
        },
      );
      req.on('error', reject);
      if (options.onSent) req.on('finish', options.onSent);
      req.end(options.payload);
    });
  }

  private keepCookies(lines: string[]): void {
    for (const line of lines) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      if (value === '' || /;\s*max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}
