import fs from 'node:fs';
import path from 'node:path';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../shared/schemas/session';
import { createTestApp, makeTempDir, type TestApp } from './harness';
import { type Identity, ROUTE_ACCESS } from './route-access';
import { FAST_HASH, TestClient } from './test-client';

const ADMIN = { email: 'photographer@example.com', password: 'matrix-admin-secret' };
const PASSWORD = 'riding at dawn';

/** Every method + URL the server registers; HEAD routes Fastify derives from GET are covered by the GET row. */
function routeKeys(routes: RouteOptions[]): string[] {
  const keys = new Set<string>();
  for (const route of routes) {
    for (const method of Array.isArray(route.method) ? route.method : [route.method])
      keys.add(`${method} ${route.url}`);
  }
  return [...keys].filter((key) => !(key.startsWith('HEAD ') && keys.has(key.replace(/^HEAD /, 'GET ')))).sort();
}

describe('authorization matrix', () => {
  const routes: RouteOptions[] = [];
  const web = makeTempDir('gallery-web-');
  let t: TestApp;
  const clients = {} as Record<Identity, TestClient>;
  const users = {} as Record<'clientA' | 'clientB' | 'admin', SessionUser>;

  beforeAll(async () => {
    // A minimal web build, so the static-file routes are registered as in production.
    fs.writeFileSync(path.join(web.dir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
    t = await createTestApp({
      env: { ADMIN_EMAIL: ADMIN.email, ADMIN_INITIAL_PASSWORD: ADMIN.password },
      build: { ...FAST_HASH, webRoot: web.dir, onRoute: (route) => routes.push(route) },
    });
    clients.anonymous = new TestClient(t.app);
    for (const [who, email] of [
      ['clientA', 'client.a@example.com'],
      ['clientB', 'client.b@example.com'],
    ] as const) {
      clients[who] = new TestClient(t.app);
      users[who] = (await clients[who].signUp(email, PASSWORD)).json();
    }
    clients.admin = new TestClient(t.app);
    users.admin = (await clients.admin.signIn(ADMIN.email, ADMIN.password)).json();
    const leaving = new TestClient(t.app);
    await leaving.signUp('revoked@example.com', PASSWORD);
    clients.revoked = leaving.clone();
    await leaving.post('/api/auth/sign-out');
  });
  afterAll(async () => {
    await t.close();
    web.remove();
  });

  it('has a row for every registered route', () => {
    const missing = routeKeys(routes).filter((key) => !(key in ROUTE_ACCESS));
    expect(missing, 'add these routes to server/test/route-access.ts').toEqual([]);
  });

  it('lets each identity through, or refuses it, exactly as the table says', async () => {
    expect(users.admin.isAdmin).toBe(true);
    expect(await clients.revoked.session()).toBeNull();
    const mismatches: string[] = [];
    // Signing out ends each identity's session, so it runs last: every other route is checked with live sessions.
    const signOutLast = (key: string) => (key === 'POST /api/auth/sign-out' ? 1 : 0);
    const keys = routeKeys(routes).toSorted((a, b) => signOutLast(a) - signOutLast(b));
    for (const key of keys) {
      const row = ROUTE_ACCESS[key];
      if (!row) continue;
      const [method = 'GET', pattern = '/'] = key.split(' ');
      const url = row.url ? row.url(users) : pattern.replace(/:\w+/g, 'x').replace(/\*/g, 'x');
      for (const identity of Object.keys(row.access) as Identity[]) {
        const res = await clients[identity].request({
          method: method as 'GET',
          url,
          ...(['GET', 'HEAD', 'OPTIONS'].includes(method) ? {} : { payload: (row.body ?? {}) as object }),
        });
        const code = res.headers['content-type']?.toString().includes('json') ? res.json()?.error?.code : undefined;
        const outcome =
          (res.statusCode === 401 && code === 'unauthenticated') || (res.statusCode === 403 && code === 'unauthorized')
            ? 'deny'
            : 'allow';
        if (outcome !== row.access[identity]) {
          mismatches.push(
            `${key} as ${identity}: expected ${row.access[identity]}, got ${res.statusCode} ${code ?? ''}`,
          );
        }
      }
    }
    expect(mismatches).toEqual([]);
  });
});
