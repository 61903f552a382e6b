import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WatermarkSettings } from '../../../shared/schemas/proofing';
import { writeTestJpeg, writeTestPng } from '../../media/test-images';
import { createTestAppWithAdmin, TEST_DATABASES, type TestApp } from '../../test/harness';
import { TestClient } from '../../test/test-client';

const ADMIN = { email: 'photographer@example.com', password: 'watermark-routes-secret' };

describe.each(TEST_DATABASES)('watermark admin API on %s', (kind) => {
  let t: TestApp;
  let admin: TestClient;
  let png: Buffer;

  const putLogo = (body: Buffer | string, contentType = 'image/png', client = admin) =>
    client.request({
      method: 'PUT',
      url: '/api/admin/watermark/logo',
      payload: body,
      headers: { 'content-type': contentType },
    });
  const settings = async (): Promise<WatermarkSettings> => (await admin.get('/api/admin/watermark')).json();

  beforeAll(async () => {
    ({ t, admin } = await createTestAppWithAdmin(kind, ADMIN));
    png = fs.readFileSync(await writeTestPng(path.join(t.dataDir, 'logo.png'), 320, 160));
  });
  afterAll(async () => t.close());

  it('starts with the site name, tiled, without a logo', async () => {
    const res = await admin.get('/api/admin/watermark');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.json()).toEqual({
      text: t.config.siteName,
      layout: 'tiled',
      hasLogo: false,
      version: expect.any(String),
    });
  });

  it('changes the text and layout, and with them the version', async () => {
    const before = await settings();
    const res = await admin.request({
      method: 'PUT',
      url: '/api/admin/watermark',
      payload: { text: '  Studio <Dana> & Co  ', layout: 'centered' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ text: 'Studio <Dana> & Co', layout: 'centered', hasLogo: false });
    expect(res.json().version).not.toBe(before.version);
    expect(await settings()).toEqual(res.json());

    for (const payload of [
      { text: '   ', layout: 'tiled' },
      { text: 'x', layout: 'diagonal' },
      { text: 'x'.repeat(81) },
    ]) {
      const refused = await admin.request({ method: 'PUT', url: '/api/admin/watermark', payload });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.code).toBe('invalid-argument');
    }
  });

  it('takes a PNG logo as the body, serves it back to the admin, and removes it', async () => {
    const before = await settings();
    const res = await putLogo(png);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ hasLogo: true });
    expect(res.json().version).not.toBe(before.version);

    const logo = await admin.get('/api/admin/watermark/logo');
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.headers['x-content-type-options']).toBe('nosniff');
    expect(logo.headers['cache-control']).toContain('no-store');
    expect(logo.rawPayload.equals(png)).toBe(true);

    const removed = await admin.request({ method: 'DELETE', url: '/api/admin/watermark/logo' });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ ...before });
    const gone = await admin.get('/api/admin/watermark/logo');
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.code).toBe('not-found');
  });

  it('refuses a logo of another type (415), one that is not really a PNG (400) and one over 2 MB (413)', async () => {
    const jpeg = fs.readFileSync(await writeTestJpeg(path.join(t.dataDir, 'logo.jpg'), 64, 64));
    for (const [body, type] of [
      [jpeg, 'image/jpeg'],
      [png, 'application/octet-stream'],
      [JSON.stringify({ logo: 'x' }), 'application/json'],
    ] as const) {
      const res = await putLogo(body, type);
      expect(res.statusCode, type).toBe(415);
      expect(res.json().error.code).toBe('unsupported-media-type');
    }
    for (const body of [jpeg, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), png.subarray(0, 60)]) {
      const res = await putLogo(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('invalid-argument');
    }
    const huge = await putLogo(Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]));
    expect(huge.statusCode).toBe(413);
    expect((await settings()).hasLogo).toBe(false);
  });

  it('answers nobody but the admin', async () => {
    const stranger = new TestClient(t.app);
    expect((await stranger.get('/api/admin/watermark')).statusCode).toBe(401);
    expect((await putLogo(png, 'image/png', stranger)).statusCode).toBe(401);
    expect((await stranger.get('/api/admin/watermark/logo')).statusCode).toBe(401);
  });
});
