import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkTokenFromOutbox } from './email-links';
import { createTestAppWithAdmin, TEST_DATABASES, type TestApp } from './harness';
import { TestClient } from './test-client';

const ADMIN = { email: 'photographer@example.com', password: 'private-answers-secret' };
const PASSWORD = 'riding at dawn';

/** An answer no cache may keep: neither a shared one (a proxy) nor the browser's (a shared computer). */
function expectNeverKept(res: LightMyRequestResponse): void {
  expect(res.statusCode, res.body).toBeLessThan(300);
  expect(res.headers['cache-control']).toMatch(/\bno-store\b/);
}

describe.each(TEST_DATABASES)('answers about one person on %s', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    ({ t } = await createTestAppWithAdmin(database, ADMIN));
  });
  afterAll(async () => t?.close());

  it('sign-up, the address proof and sign-in carry the account and its cookie, never to be kept', async () => {
    const client = new TestClient(t.app);
    const signedUp = await client.signUp('kept-nowhere@example.com', PASSWORD, 'Noa Levi');
    expectNeverKept(signedUp);
    expect(signedUp.json()).toMatchObject({ email: 'kept-nowhere@example.com' });
    const token = await linkTokenFromOutbox(t.dataDir, 'kept-nowhere@example.com', 'verify-email');
    expectNeverKept(await client.post('/api/auth/verify-email', { token }));
    const signedIn = await new TestClient(t.app).signIn('kept-nowhere@example.com', PASSWORD);
    expectNeverKept(signedIn);
    expect(signedIn.headers['set-cookie']).toBeDefined();
  });

  it('the terms as a signed-in person sees them, their acceptance and their booking are never kept', async () => {
    const client = new TestClient(t.app);
    await client.signUp('booker@example.com', PASSWORD);
    const token = await linkTokenFromOutbox(t.dataDir, 'booker@example.com', 'verify-email');
    await client.post('/api/auth/verify-email', { token });

    const current = await client.get('/api/agreements/current?lng=en');
    expectNeverKept(current);
    expect(current.json().acceptedAt).toBeNull();
    const accepted = await client.post('/api/agreements', {
      language: 'en',
      termsVersion: current.json().terms.version,
    });
    expectNeverKept(accepted);
    const after = await client.get('/api/agreements/current?lng=en');
    expectNeverKept(after);
    expect(after.json().acceptedAt).toBe(accepted.json().agreedAt);

    const day = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const booked = await client.post('/api/bookings', {
      event: 'Spring Cup',
      date: day,
      riderName: 'Noa Levi',
      horses: [{ name: 'Storm', heat: 'Class 3' }],
      package: 'entrance',
      phone: '050-123 4567',
      language: 'en',
    });
    expect(booked.statusCode, booked.body).toBe(201);
    expectNeverKept(booked);
    expect(booked.json()).toMatchObject({ phone: '050-123 4567', email: 'booker@example.com' });
  });
});
