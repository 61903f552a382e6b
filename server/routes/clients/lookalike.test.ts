import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderNameForEmail } from '../../../shared/folders';
import type { AdminMedia } from '../../../shared/schemas/admin';
import type { SessionUser } from '../../../shared/schemas/session';
import { uploadReadyPhoto } from '../../test/admin-upload';
import { linkTokenFromOutbox, signUpVerified } from '../../test/email-links';
import { createTestAppWithAdmin, TEST_DATABASES, type TestApp } from '../../test/harness';
import { TestClient } from '../../test/test-client';

const ADMIN = { email: 'photographer@example.com', password: 'lookalike-admin-secret' };
const PASSWORD = 'riding at dawn';
const VICTIM = 'alice.smith@example.com';

/**
 * Addresses an attacker might register to reach the victim's gallery: every normalization that could make two
 * addresses name one folder (the seed's rule turns `. # $ [ ]` into `_`). Each is either refused at sign-up (the
 * same address, or not an address at all) or becomes an account that owns a different folder and reads nothing of
 * the victim's, by any route.
 */
const LOOKALIKES: Array<[what: string, address: string]> = [
  ['letter case', 'Alice.Smith@Example.COM'],
  ['surrounding spaces', '  alice.smith@example.com '],
  ['dot against underscore', 'alice_smith@example.com'],
  ['dot against underscore in the domain', 'alice.smith@example_com'],
  ['hash sign', 'alice#smith@example.com'],
  ['dollar sign', 'alice$smith@example.com'],
  ['square brackets', 'alice[smith@example.com'],
  ['all of them at once', 'alice_smith@example#com'],
  ['plus-addressing', 'alice.smith+gallery@example.com'],
  ['trailing dot in the local part', 'alice.smith.@example.com'],
  ['trailing dot of the domain', 'alice.smith@example.com.'],
  ['quoted local part', '"alice.smith"@example.com'],
  ['quoted local part with an underscore', '"alice_smith"@example.com'],
  ['fullwidth letters (NFKC compatibility form)', 'ａlice.smith@example.com'],
  ['a ligature (NFKC compatibility form)', 'alice.smith@exampﬂe.com'],
  ['a Cyrillic look-alike letter', 'аlice.smith@example.com'],
  ['a combining accent', 'alice.smith@example.com\u0301'],
  ['a zero-width space', 'alice.smi\u200Bth@example.com'],
];

describe.each(TEST_DATABASES)('look-alike addresses on %s', (database) => {
  let t: TestApp;
  let admin: TestClient;
  let victim: SessionUser & { folder: string };
  let photo: AdminMedia;

  beforeAll(async () => {
    ({ t, admin } = await createTestAppWithAdmin(database, ADMIN));
    victim = await signUpVerified(new TestClient(t.app), t.dataDir, VICTIM, PASSWORD);
    photo = await uploadReadyPhoto(admin, t.dataDir, victim.folder, 'private.jpg');
  });
  afterAll(async () => t.close());

  /** Every way to read the victim's photo, as `client`; each must answer like an id that does not exist. */
  async function expectNothingOfTheVictims(client: TestClient) {
    const page = await client.get('/api/me/gallery');
    expect(page.statusCode).toBe(200);
    expect(page.json().items.map((item: { id: string }) => item.id)).not.toContain(photo.id);
    // The look-alike's own gallery is empty, so there is no archive to give, let alone one holding the victim's photo.
    const archive = await client.get('/api/me/gallery/archive');
    expect(archive.statusCode).toBe(409);
    expect(archive.json().error.code).toBe('gallery-empty');
    const file = photo.view?.image.src.split('/').at(-1)?.split('?')[0];
    for (const url of [
      `/media/${photo.id}/original`,
      `/media/${photo.id}/${file}`,
      `/api/media/${photo.id}/download`,
    ]) {
      const res = await client.get(url);
      expect({ url, status: res.statusCode, code: res.json().error?.code }).toEqual({
        url,
        status: 404,
        code: 'object-not-found',
      });
    }
  }

  it.each(LOOKALIKES)('%s: %s never reaches the victim’s gallery', async (_what, address) => {
    const attacker = new TestClient(t.app);
    const res = await attacker.signUp(address, PASSWORD);
    if (res.statusCode !== 200) {
      // Refused outright: the same account (409) or not an address (400). Nothing was created.
      expect([400, 409]).toContain(res.statusCode);
      expect(await attacker.session()).toBeNull();
      return;
    }
    const user = res.json() as SessionUser;
    expect(user.folder).toBeNull();
    const token = await linkTokenFromOutbox(t.dataDir, user.email, 'verify-email');
    expect((await attacker.post('/api/auth/verify-email', { token })).statusCode).toBe(200);
    const verified = (await attacker.session()) as SessionUser;
    expect(verified.emailVerified).toBe(true);
    expect(verified.folder).not.toBeNull();
    expect(verified.folder).not.toBe(victim.folder);
    await expectNothingOfTheVictims(attacker);
  });

  it('gives the first comer the seed’s folder name and the look-alike that comes later a new one', async () => {
    const early = await signUpVerified(new TestClient(t.app), t.dataDir, 'bob_jones@example.com', PASSWORD);
    expect(early.folder).toBe('bob_jones@example_com');
    const late = await signUpVerified(new TestClient(t.app), t.dataDir, 'bob.jones@example.com', PASSWORD);
    expect(folderNameForEmail(late.email)).toBe(early.folder);
    expect(late.folder).toBe('bob_jones@example_com-2');
    const folders: string[] = (await admin.get('/api/admin/clients'))
      .json()
      .items.map((c: { folder: string }) => c.folder);
    expect(new Set(folders).size).toBe(folders.length);
  });

  it('keeps an invited client’s photos from a look-alike that signs up before the invitation is accepted', async () => {
    const invited = await admin.post('/api/admin/clients', { email: 'carol.levi@example.com', fullName: 'Carol Levi' });
    expect(invited.statusCode).toBe(201);
    const folder = invited.json().folder as string;
    expect(folder).toBe('carol_levi@example_com');
    const theirs = await uploadReadyPhoto(admin, t.dataDir, folder, 'carol.jpg');
    const attacker = new TestClient(t.app);
    const user = await signUpVerified(attacker, t.dataDir, 'carol_levi@example.com', PASSWORD);
    expect(user.folder).not.toBe(folder);
    expect((await attacker.get(`/api/media/${theirs.id}/download`)).statusCode).toBe(404);
    expect((await attacker.get('/api/me/gallery')).json().total).toBe(0);
  });
});
