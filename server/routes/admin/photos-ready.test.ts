import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIN_GALLERY_FOLDER } from '../../../shared/folders';
import type { AdminMedia } from '../../../shared/schemas/admin';
import type { PhotosReadyStatus } from '../../../shared/schemas/photos-ready';
import { writeTestJpeg } from '../../media/test-images';
import { createTestAppWithAdmin, TEST_DATABASES, type TestApp } from '../../test/harness';
import { startMailCatcher } from '../../test/mail-catcher';
import { until } from '../../test/support/ingest';
import { uploadWhole } from '../../test/support/tus';
import type { TestClient } from '../../test/test-client';

const ADMIN = { email: 'photographer@example.com', password: 'photos-ready-secret' };
const JPEG_START = Buffer.from([0xff, 0xd8, 0xff]);

describe.each(TEST_DATABASES)('the "your photos are ready" e-mail on %s', (kind) => {
  let t: TestApp;
  let admin: TestClient;
  let mail: Awaited<ReturnType<typeof startMailCatcher>>;
  let folder: string;
  let jpeg: Buffer;

  const folderUrl = () => `/api/admin/folders/${encodeURIComponent(folder)}`;
  const status = async (): Promise<PhotosReadyStatus> => (await admin.get(`${folderUrl()}/photos-ready`)).json();
  const send = (body: object = {}) => admin.post(`${folderUrl()}/notify`, body);

  /** Uploads `count` photos through tus and waits until the pipeline made them visible. */
  async function uploadPhotos(count: number, prefix: string): Promise<void> {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const { finished } = await uploadWhole(admin, jpeg, {
        filename: `${prefix}-${i}.jpg`,
        filetype: 'image/jpeg',
        folder,
      });
      expect(finished?.statusCode).toBe(204);
      ids.push(String(finished?.headers['x-media-id']));
    }
    await until(async () => {
      const items: AdminMedia[] = (await admin.get(`${folderUrl()}/media`)).json().items;
      return ids.every((id) => items.some((item) => item.id === id && item.status === 'ready'));
    }, `${prefix} to be ready`);
  }

  beforeAll(async () => {
    mail = await startMailCatcher();
    ({ t, admin } = await createTestAppWithAdmin(kind, ADMIN, {
      SMTP_URL: mail.url,
      SITE_NAME: 'Horses & Dance',
    }));
    const created = await admin.post('/api/admin/clients', { email: 'noa.levi@example.com', fullName: 'Noa Levi' });
    expect(created.statusCode).toBe(201);
    folder = created.json().folder;
    jpeg = fs.readFileSync(await writeTestJpeg(path.join(t.dataDir, 'source.jpg'), 900, 600));
  });
  afterAll(async () => {
    await t.close();
    await mail.close();
  });

  it('refuses an empty gallery with a stable code, and sends nothing', async () => {
    expect(await status()).toEqual({ last: null, readyCount: 0, newCount: 0 });
    const refused = await send({ again: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('gallery-empty');
    expect(mail.received).toHaveLength(0);
  });

  it('announces the new photos: their count, a few thumbnails inside the message and a button to /me', async () => {
    await uploadPhotos(5, 'first');
    expect(await status()).toMatchObject({ last: null, readyCount: 5, newCount: 5 });

    const sent = await send({ language: 'en' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({
      sentTo: 'noa.levi@example.com',
      language: 'en',
      itemCount: 5,
      repeated: false,
    });

    const message = await mail.next();
    expect(message.to).toEqual(['noa.levi@example.com']);
    expect(message.subject).toBe('Your photos from Horses & Dance are ready');
    expect(message.text).toContain('5 new items in your gallery');
    expect(message.text).toContain('http://localhost:3000/me');
    expect(message.html).toContain('href="http://localhost:3000/me"');
    // Four of the five, as JPEG parts the HTML shows by content id: nothing to fetch, nothing to expire.
    const pictures = message.parsed.attachments.filter((part) => part.contentId);
    expect(pictures).toHaveLength(4);
    for (const picture of pictures) {
      expect(picture.contentType).toBe('image/jpeg');
      expect(picture.content.subarray(0, 3).equals(JPEG_START)).toBe(true);
    }
    expect(message.html).not.toContain('/media/');

    const after = await status();
    expect(after).toMatchObject({ readyCount: 5, newCount: 0, last: { sentTo: 'noa.levi@example.com', itemCount: 5 } });
    expect(Date.parse(after.last?.sentAt ?? '')).not.toBeNaN();
  });

  it('sends a batch once: again only when asked, repeating the same batch', async () => {
    const refused = await send({ language: 'en' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('already-announced');

    const repeated = await send({ again: true });
    expect(repeated.statusCode).toBe(200);
    // The language of the last e-mail is kept when the panel names none.
    expect(repeated.json()).toMatchObject({ itemCount: 5, repeated: true, language: 'en' });
    expect((await mail.next()).text).toContain('5 new items in your gallery');
    expect(mail.received).toHaveLength(2);
  });

  it('announces only what came after the last e-mail', async () => {
    await uploadPhotos(2, 'second');
    expect(await status()).toMatchObject({ readyCount: 7, newCount: 2, last: { itemCount: 5 } });
    const sent = await send({ language: 'he' });
    expect(sent.json()).toMatchObject({ itemCount: 2, repeated: false, language: 'he' });
    const message = await mail.next();
    expect(message.text).toContain('שני פריטים חדשים בגלריה שלכם');
    expect(message.parsed.attachments.filter((part) => part.contentId)).toHaveLength(2);
    expect(await status()).toMatchObject({ newCount: 0, last: { itemCount: 2 } });
  });

  it('refuses the main gallery and an unknown folder', async () => {
    expect((await admin.post(`/api/admin/folders/${MAIN_GALLERY_FOLDER}/notify`, {})).statusCode).toBe(400);
    expect((await admin.get('/api/admin/folders/nobody_here/photos-ready')).statusCode).toBe(404);
    expect((await admin.post(`${folderUrl()}/notify`, { again: 'yes' })).statusCode).toBe(400);
  });

  it('keeps nothing of a sending whose e-mail failed: its photos are still new', async () => {
    await uploadPhotos(1, 'third');
    await mail.close();
    const failed = await send({});
    expect(failed.statusCode).toBe(503);
    expect(failed.json().error.code).toBe('unavailable');
    expect(await status()).toMatchObject({ readyCount: 8, newCount: 1, last: { itemCount: 2 } });
  });
});
