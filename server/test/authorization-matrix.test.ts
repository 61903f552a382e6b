import fs from 'node:fs';
import path from 'node:path';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireAdmin, requireUser, requireVerified } from '../plugins/authorize';
import { uploadReadyPhoto } from './admin-upload';
import { signUpVerified } from './email-links';
import { createTestApp, makeTempDir, type TestApp } from './harness';
import { ADMIN_ONLY, IDENTITIES, type Identity, type MatrixFixtures, type Outcome, ROUTE_ACCESS } from './route-access';
import { FAST_HASH, TestClient } from './test-client';

const ADMIN = { email: 'photographer@example.com', password: 'matrix-admin-secret' };
const PASSWORD = 'riding at dawn';
/**
 * Appended to every URL once: garbage for every query parameter the routes read (gallery pages, signatures, storage
 * listings, agreement pages, languages). A visitor who may not use a route must be refused before its query is read,
 * and no route may answer it with a 5xx.
 */
const INVALID_QUERY = [
  'page=abc',
  'type=nonsense',
  'exp=x',
  'sig=%00',
  'maxResults=-1',
  'pageToken=%00%FF',
  'delimiter=%00',
  'prefix=..%2F..',
  'limit=0',
  'before=yesterday',
  'lng=xx',
].join('&');

/** Every method + URL the server registers; HEAD routes Fastify derives from GET are covered by the GET row. */
function routeKeys(routes: RouteOptions[]): string[] {
  const keys = new Set<string>();
  for (const route of routes) {
    for (const method of Array.isArray(route.method) ? route.method : [route.method])
      keys.add(`${method} ${route.url}`);
  }
  return [...keys].filter((key) => !(key.startsWith('HEAD ') && keys.has(key.replace(/^HEAD /, 'GET ')))).sort();
}

/** `realResource`: the row points at an existing item, so its 404 can only be a refusal. */
function outcomeOf(status: number, code: string | undefined, realResource: boolean): Outcome {
  if (status === 401 && code === 'unauthenticated') return 'deny';
  if (status === 403 && (code === 'unauthorized' || code === 'email-not-verified')) return 'deny';
  if (realResource && status === 404 && code === 'object-not-found') return 'hidden';
  return 'allow';
}

describe('authorization matrix', () => {
  const routes: RouteOptions[] = [];
  const web = makeTempDir('gallery-web-');
  let t: TestApp;
  const clients = {} as Record<Identity, TestClient>;
  const fixtures = {} as MatrixFixtures;

  beforeAll(async () => {
    // A minimal web build, so the static-file routes are registered as in production.
    fs.writeFileSync(path.join(web.dir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
    t = await createTestApp({
      env: { ADMIN_EMAIL: ADMIN.email, ADMIN_INITIAL_PASSWORD: ADMIN.password },
      build: { ...FAST_HASH, webRoot: web.dir, onRoute: (route) => routes.push(route) },
    });
    for (const identity of IDENTITIES) clients[identity] = new TestClient(t.app);
    fixtures.users = {
      clientA: await signUpVerified(clients.clientA, t.dataDir, 'client.a@example.com', PASSWORD),
      clientB: await signUpVerified(clients.clientB, t.dataDir, 'client.b@example.com', PASSWORD),
      admin: (await clients.admin.signIn(ADMIN.email, ADMIN.password)).json(),
    };
    // The seed's rule maps this address to clientA's folder name; ownership by account id must not care.
    await signUpVerified(clients.lookalike, t.dataDir, 'client_a@example.com', PASSWORD);
    expect((await clients.unverified.signUp('unproven@example.com', PASSWORD)).statusCode).toBe(200);

    const photo = await uploadReadyPhoto(clients.admin, t.dataDir, fixtures.users.clientA.folder ?? '');
    fixtures.photoA = photo.id;
    fixtures.photoAFile = photo.view?.image.src.split('/').at(-1)?.split('?')[0] ?? '';
    // The photographer invites a client and uploads for them; someone then signs up with that address unproven.
    const invited = await clients.admin.post('/api/admin/clients', {
      email: 'invited@example.com',
      fullName: 'Invited',
    });
    expect(invited.statusCode).toBe(201);
    await uploadReadyPhoto(clients.admin, t.dataDir, invited.json().folder);
    expect((await clients.invited.signUp('invited@example.com', PASSWORD)).statusCode).toBe(200);

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

  it('authorises in onRequest, never in a later hook that runs after validation', () => {
    const guards = new Set<unknown>([requireUser, requireVerified, requireAdmin]);
    const late = routes
      .filter((route) => [route.preValidation, route.preHandler].flat().some((hook) => guards.has(hook)))
      .map((route) => `${route.method} ${route.url}`);
    expect(late).toEqual([]);
  });

  it('lets each identity through, or refuses it, exactly as the table says, whatever the query', async () => {
    expect(fixtures.users.admin.isAdmin).toBe(true);
    expect(fixtures.photoAFile).toMatch(/\.(avif|webp|jpg)$/);
    expect(await clients.revoked.session()).toBeNull();
    const mismatches: string[] = [];
    // Signing out ends each identity's session, so it runs last: every other route is checked with live sessions.
    const signOutLast = (key: string) => (key === 'POST /api/auth/sign-out' ? 1 : 0);
    const keys = routeKeys(routes).toSorted((a, b) => signOutLast(a) - signOutLast(b));
    for (const key of keys) {
      const row = ROUTE_ACCESS[key];
      if (!row) continue;
      const [method = 'GET', pattern = '/'] = key.split(' ');
      const url = row.url ? row.url(fixtures) : pattern.replace(/:\w+/g, 'x').replace(/\*/g, 'x');
      for (const identity of IDENTITIES) {
        const expected = row.access[identity];
        for (const target of [url, `${url}${url.includes('?') ? '&' : '?'}${INVALID_QUERY}`]) {
          const res = await clients[identity].request({
            method: method as 'GET',
            url: target,
            ...(['GET', 'HEAD', 'OPTIONS'].includes(method) ? {} : { payload: (row.body ?? {}) as object }),
          });
          const isJson = Boolean(res.headers['content-type']?.toString().includes('json'));
          const code = isJson ? res.json()?.error?.code : undefined;
          const outcome = outcomeOf(res.statusCode, code, row.url !== undefined);
          // With a bad query an allowed visitor may get a 400; a refusal must not depend on the query.
          const fine = target === url || expected !== 'allow' ? outcome === expected : outcome !== 'deny';
          // Admin JSON answers (client lists, signed URLs, agreements) are never stored by any cache.
          const cacheable =
            identity === 'admin' &&
            isJson &&
            row === ADMIN_ONLY &&
            !String(res.headers['cache-control']).includes('no-store');
          if (!fine || res.statusCode >= 500 || cacheable) {
            mismatches.push(
              `${key} as ${identity} (${target}): expected ${expected}, got ${res.statusCode} ${code ?? ''}${cacheable ? ' without no-store' : ''}`,
            );
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
  });
});
