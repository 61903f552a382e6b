import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

/**
 * A cheaper password hash for API tests; createTestApp uses it unless a test passes PRODUCTION_HASH as `build`. The production cost (N = 2^17) is
 * checked by password-hash.test.ts and by accounts.test.ts on a real sign-up.
 */
export const FAST_HASH = { auth: { scrypt: { N: 2 ** 12, r: 8, p: 1 } } };

/** The build options of a test app that hashes at the production cost (createTestApp uses FAST_HASH otherwise). */
export const PRODUCTION_HASH = { auth: {} };

/**
 * A tiny browser stand-in for app.inject: it sends `Origin: <PUBLIC_URL>` like a browser on the site does,
 * keeps the cookies the server sets, and sends them back.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly origin = 'http://localhost:3000',
    /** Each client gets its own address by default, so per-IP limits of one test do not leak into another. */
    readonly ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`,
  ) {}

  async request(options: InjectOptions): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { origin: this.origin, ...(options.headers as Record<string, string>) };
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    const res = await this.app.inject({ remoteAddress: this.ip, ...options, headers });
    for (const cookie of res.cookies as Array<{ name: string; value: string; maxAge?: number; expires?: Date }>) {
      const expired = cookie.maxAge === 0 || (cookie.expires && cookie.expires.getTime() <= Date.now());
      if (expired || cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return res;
  }

  post(url: string, payload?: unknown): Promise<LightMyRequestResponse> {
    return this.request({ method: 'POST', url, ...(payload === undefined ? {} : { payload: payload as object }) });
  }

  get(url: string): Promise<LightMyRequestResponse> {
    return this.request({ method: 'GET', url });
  }

  /** A second client holding a copy of this one's cookies (a stolen or duplicated session). */
  clone(): TestClient {
    const copy = new TestClient(this.app, this.origin, this.ip);
    for (const [name, value] of this.cookies) copy.cookies.set(name, value);
    return copy;
  }

  signUp(email: string, password: string, fullName?: string) {
    return this.post('/api/auth/sign-up', { email, password, ...(fullName === undefined ? {} : { fullName }) });
  }

  signIn(email: string, password: string) {
    return this.post('/api/auth/sign-in', { email, password });
  }

  async session(): Promise<unknown> {
    return (await this.get('/api/session')).json();
  }
}
