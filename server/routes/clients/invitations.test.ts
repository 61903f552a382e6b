import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Client, ClientList } from '../../../shared/schemas/clients';
import type { SessionUser } from '../../../shared/schemas/session';
import { uploadReadyPhoto } from '../../test/admin-upload';
import { allLinkTokensFromOutbox, linkTokenFromOutbox, signUpVerified } from '../../test/email-links';
import { createTestAppWithAdmin, TEST_DATABASES, type TestApp } from '../../test/harness';
import { TestClient } from '../../test/test-client';

const ADMIN = { email: 'photographer@example.com', password: 'invite-admin-secret' };
const PASSWORD = 'riding at dawn';

describe.each(TEST_DATABASES)('clients and invitations on %s', (database) => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    ({ t, admin } = await createTestAppWithAdmin(database, ADMIN));
  });
  afterAll(async () => t.close());
  afterEach(() => vi.useRealTimers());

  const clientList = async (): Promise<ClientList> => (await admin.get('/api/admin/clients')).json();
  const clientNamed = async (email: string): Promise<Client | undefined> =>
    (await clientList()).items.find((client) => client.email === email);
  async function addClient(email: string, fullName: string, phone?: string) {
    const res = await admin.post('/api/admin/clients', { email, fullName, ...(phone ? { phone } : {}) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; folder: string };
  }
  async function invite(id: string) {
    const res = await admin.post(`/api/admin/clients/${id}/invitation`, { language: 'en' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { link: string; sentAt: string };
  }
  const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

  it('adds a client before they have an account, uploads at once, and lists them for the photographer', async () => {
    const created = await addClient('  Noa.Bar@Example.com ', 'Noa Bar', '+972 50-123-4567');
    expect(created.folder).toBe('noa_bar@example_com');
    const res = await admin.get('/api/admin/clients');
    expect(res.headers['cache-control']).toContain('no-store');
    await uploadReadyPhoto(admin, t.dataDir, created.folder);
    expect(await clientNamed('noa.bar@example.com')).toMatchObject({
      id: created.id,
      fullName: 'Noa Bar',
      phone: '+972 50-123-4567',
      folder: 'noa_bar@example_com',
      hasAccount: false,
      emailVerified: false,
      invitedAt: null,
      lastSignInAt: null,
      itemCount: 1,
      totalSize: expect.any(Number),
    });
    for (const email of ['noa.bar@example.com', 'NOA.BAR@example.com', ADMIN.email]) {
      const taken = await admin.post('/api/admin/clients', { email, fullName: 'Again' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({ error: { code: 'email-in-use' } });
    }
    const bad = await admin.post('/api/admin/clients', { email: 'not an address', fullName: 'X' });
    expect(bad.json()).toMatchObject({ error: { code: 'invalid-email' } });
    const noName = await admin.post('/api/admin/clients', { email: 'x@example.com', fullName: ' ' });
    expect(noName.json()).toMatchObject({ error: { code: 'invalid-argument' } });
  });

  it('invites by e-mail and by a link to copy; accepting sets the password, proves the address and signs in', async () => {
    const { id, folder } = await addClient('maya@example.com', 'Maya Katz');
    const photo = await uploadReadyPhoto(admin, t.dataDir, folder);
    const { link, sentAt } = await invite(id);
    expect(link).toMatch(/^http:\/\/localhost:3000\/accept-invite\?token=[A-Za-z0-9_-]{43}$/);
    expect(await linkTokenFromOutbox(t.dataDir, 'maya@example.com', 'accept-invite')).toBe(tokenOf(link));
    expect(await clientNamed('maya@example.com')).toMatchObject({ invitedAt: sentAt });

    const visitor = new TestClient(t.app);
    const shown = await visitor.post('/api/auth/invitation/verify', { token: tokenOf(link) });
    expect(shown.json()).toEqual({ email: 'maya@example.com', fullName: 'Maya Katz' });
    const token = tokenOf(link);
    const mismatch = await visitor.post('/api/auth/invitation/accept', {
      token,
      newPassword: 'a long secret',
      confirmNewPassword: 'another secret',
    });
    expect(mismatch.json()).toMatchObject({ error: { code: 'invalid-argument' } });
    const weak = await visitor.post('/api/auth/invitation/accept', {
      token,
      newPassword: '123',
      confirmNewPassword: '123',
    });
    expect(weak.json()).toMatchObject({ error: { code: 'weak-password' } });
    const accepted = await visitor.post('/api/auth/invitation/accept', {
      token,
      newPassword: 'gallop on the beach',
      confirmNewPassword: 'gallop on the beach',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ email: 'maya@example.com', emailVerified: true, folder });
    expect(await visitor.session()).toMatchObject({ email: 'maya@example.com', emailVerified: true, folder });
    const gallery = (await visitor.get('/api/me/gallery')).json();
    expect(gallery.items.map((item: { id: string }) => item.id)).toEqual([photo.id]);

    const twice = await new TestClient(t.app).post('/api/auth/invitation/accept', {
      token,
      newPassword: 'someone else here',
      confirmNewPassword: 'someone else here',
    });
    expect(twice.json()).toMatchObject({ error: { code: 'invalid-invitation' } });
    expect((await new TestClient(t.app).signIn('maya@example.com', 'gallop on the beach')).statusCode).toBe(200);
    expect(await clientNamed('maya@example.com')).toMatchObject({
      hasAccount: true,
      emailVerified: true,
      lastSignInAt: expect.any(String),
    });
    const again = await admin.post(`/api/admin/clients/${id}/invitation`, {});
    expect(again.json()).toMatchObject({ error: { code: 'client-has-account' } });
  });

  it('voids an earlier invitation when a new one is sent, and every invitation after 7 days', async () => {
    const { id } = await addClient('eden@example.com', 'Eden');
    const first = tokenOf((await invite(id)).link);
    const second = tokenOf((await invite(id)).link);
    expect(await allLinkTokensFromOutbox(t.dataDir, 'eden@example.com', 'accept-invite', 2)).toEqual([first, second]);
    const old = await new TestClient(t.app).post('/api/auth/invitation/verify', { token: first });
    expect(old.json()).toMatchObject({ error: { code: 'invalid-invitation' } });
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 7 * 24 * 60 * 60 * 1000 + 1000 });
    const late = await new TestClient(t.app).post('/api/auth/invitation/verify', { token: second });
    expect(late.json()).toMatchObject({ error: { code: 'invalid-invitation' } });
  });

  it('gives a self-signed-up client of a prepared gallery a claim link, and the gallery once they set a password', async () => {
    const { folder } = await addClient('lior@example.com', 'Lior');
    const photo = await uploadReadyPhoto(admin, t.dataDir, folder);
    const lior = new TestClient(t.app);
    expect((await lior.signUp('lior@example.com', PASSWORD)).statusCode).toBe(200);
    expect((await lior.get('/api/me/gallery')).json()).toMatchObject({ error: { code: 'email-not-verified' } });
    expect((await lior.get(`/api/media/${photo.id}/download`)).statusCode).toBe(403);
    // Whoever signed up chose that password; the gallery opens only with one chosen from the mailbox.
    const token = await linkTokenFromOutbox(t.dataDir, 'lior@example.com', 'accept-invite');
    const claimed = await lior.post('/api/auth/invitation/accept', {
      token,
      newPassword: 'lior rides at dusk',
      confirmNewPassword: 'lior rides at dusk',
    });
    expect(claimed.json()).toMatchObject({ emailVerified: true, folder });
    expect(((await lior.session()) as SessionUser).folder).toBe(folder);
    expect((await lior.get('/api/me/gallery')).json().total).toBe(1);
  });

  it('lets the invitation take over an account someone opened with the address without proving it', async () => {
    const { id, folder } = await addClient('tamar@example.com', 'Tamar');
    const squatter = new TestClient(t.app);
    expect((await squatter.signUp('tamar@example.com', 'a squatter password')).statusCode).toBe(200);
    const token = tokenOf((await invite(id)).link);
    const tamar = new TestClient(t.app);
    const accepted = await tamar.post('/api/auth/invitation/accept', {
      token,
      newPassword: 'tamar rides at noon',
      confirmNewPassword: 'tamar rides at noon',
    });
    expect(accepted.json()).toMatchObject({ emailVerified: true, folder });
    expect(await squatter.session()).toBeNull();
    expect((await new TestClient(t.app).signIn('tamar@example.com', 'a squatter password')).statusCode).toBe(401);
  });

  it('moves a client to a new address only once the new address is confirmed', async () => {
    const owner = new TestClient(t.app);
    await signUpVerified(owner, t.dataDir, 'old.address@example.com', PASSWORD);
    const client = await clientNamed('old.address@example.com');
    const res = await admin.request({
      method: 'PATCH',
      url: `/api/admin/clients/${client?.id}`,
      payload: { email: 'New.Address@example.com', phone: '050 111 2222' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ email: 'old.address@example.com', pendingEmail: 'new.address@example.com' });
    expect((await new TestClient(t.app).signIn('old.address@example.com', PASSWORD)).statusCode).toBe(200);
    const token = await linkTokenFromOutbox(t.dataDir, 'new.address@example.com', 'verify-email');
    expect((await new TestClient(t.app).post('/api/auth/verify-email', { token })).statusCode).toBe(200);
    expect(await clientNamed('new.address@example.com')).toMatchObject({
      pendingEmail: null,
      phone: '050 111 2222',
      folder: client?.folder,
    });
    expect((await new TestClient(t.app).signIn('old.address@example.com', PASSWORD)).statusCode).toBe(401);
    const moved = new TestClient(t.app);
    expect((await moved.signIn('new.address@example.com', PASSWORD)).statusCode).toBe(200);
    expect(await moved.session()).toMatchObject({ folder: client?.folder, emailVerified: true });
  });

  it('removes a client without losing the photos, and gives the restored folder to another client', async () => {
    const leaving = new TestClient(t.app);
    const user = await signUpVerified(leaving, t.dataDir, 'leaving@example.com', PASSWORD);
    const photo = await uploadReadyPhoto(admin, t.dataDir, user.folder);
    const client = await clientNamed('leaving@example.com');
    const removed = await admin.request({ method: 'DELETE', url: `/api/admin/clients/${client?.id}` });
    expect(removed.json()).toEqual({ trashedItems: 1 });
    expect(await leaving.session()).toBeNull();
    expect((await new TestClient(t.app).signIn('leaving@example.com', PASSWORD)).statusCode).toBe(401);
    const trash = (await admin.get('/api/admin/trash')).json().items.map((item: { id: string }) => item.id);
    expect(trash).toContain(photo.id);
    expect((await admin.post(`/api/admin/trash/${photo.id}/restore`)).statusCode).toBe(200);
    expect((await clientList()).unownedFolders).toContainEqual({
      folder: user.folder,
      itemCount: 1,
      totalSize: expect.any(Number),
    });

    const heir = await addClient('heir@example.com', 'Heir');
    const busy = await addClient('busy@example.com', 'Busy');
    await uploadReadyPhoto(admin, t.dataDir, busy.folder);
    const refused = await admin.request({
      method: 'PUT',
      url: `/api/admin/folders/${encodeURIComponent(user.folder)}/owner`,
      payload: { clientId: busy.id },
    });
    expect(refused.json()).toMatchObject({ error: { code: 'folder-not-empty' } });
    const given = await admin.request({
      method: 'PUT',
      url: `/api/admin/folders/${encodeURIComponent(user.folder)}/owner`,
      payload: { clientId: heir.id },
    });
    expect(given.json()).toMatchObject({ id: heir.id, folder: user.folder, itemCount: 1 });
    expect((await clientList()).unownedFolders.map((f) => f.folder)).not.toContain(user.folder);
  });
});
