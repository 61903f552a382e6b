import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';

/** What every answer carries, whatever produced it (a kept answer, a refusal, a 404). */
const EVERY_ANSWER = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-resource-policy': 'same-origin',
  'cross-origin-opener-policy': 'same-origin',
};

describe('security headers and the same-origin rule', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it.each([
    ['a kept public gallery answer', 'GET', '/api/gallery?type=all&page=1', 200],
    ['an unknown API path', 'GET', '/api/nothing-here', 404],
    ['a write from another site', 'POST', '/api/auth/sign-out', 403],
  ])('sends every header on %s', async (_name, method, url, status) => {
    const res = await t.app.inject({
      method: method as 'GET' | 'POST',
      url,
      headers: { origin: 'https://elsewhere.example', 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(status);
    expect(res.headers).toMatchObject(EVERY_ANSWER);
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('refuses a write from another site, and one with no origin at all, before the route runs', async () => {
    for (const headers of [{ origin: 'https://elsewhere.example' }, {}]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: { code: 'forbidden-origin' } });
    }
  });

  it('keeps the public answer compressed as it was kept, and plain for a client that takes neither encoding', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/api/gallery', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    const plain = await t.app.inject({
      method: 'GET',
      url: '/api/gallery',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toMatchObject({ page: 1, items: [] });
  });
});
