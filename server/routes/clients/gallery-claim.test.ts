import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminMedia } from '../../../shared/schemas/admin';
import type { Client } from '../../../shared/schemas/clients';
import type { SessionUser } from '../../../shared/schemas/session';
import { uploadReadyPhoto } from '../../test/admin-upload';
import { createTestAppWithAdmin, TEST_DATABASES, type TestApp } from '../../test/harness';
import { type CaughtMail, resetSecretsFromText, startMailCatcher } from '../../test/mail-catcher';
import { TestClient } from '../../test/test-client';

const ADMIN = { email: 'photographer@example.com', password: 'claim-admin-secret' };
const STRANGER_PASSWORD = 'the stranger chose this';
const OWNER_PASSWORD = 'the owner rides at dawn';

type LinkPage = 'verify-email' | 'accept-invite';

/**
 * Someone signs up with the address of a client the photographer prepared a gallery for (added by hand, photos
 * uploaded, perhaps invited). Whoever chose that password may not own the mailbox, so the gallery goes only to a proof
 * of the mailbox that also sets the password; the stranger's session and password end up opening nothing of it.
 */
describe.each(TEST_DATABASES)('claiming a prepared gallery on %s', (database) => {
  let t: TestApp;
  let admin: TestClient;
  let mail: Awaited<ReturnType<typeof startMailCatcher>>;
  let counter = 0;

  beforeAll(async () => {
    mail = await startMailCatcher();
    ({ t, admin } = await createTestAppWithAdmin(database, ADMIN, { SMTP_URL: mail.url }));
  });
  afterAll(async () => {
    await t.close();
    await mail.close();
  });

  const address = (who: string) => {
    counter += 1;
    return `${who}${counter}@example.com`;
  };
  const clientOf = async (email: string): Promise<Client | undefined> =>
    (await admin.get('/api/admin/clients')).json().items.find((client: Client) => client.email === email);

  /** A client added by hand with one ready photo in their gallery. */
  async function preparedClient(email: string, fullName: string) {
    const res = await admin.post('/api/admin/clients', { email, fullName });
    expect(res.statusCode, res.body).toBe(201);
    const { id, folder } = res.json() as { id: string; folder: string };
    const photo = await uploadReadyPhoto(admin, t.dataDir, folder);
    return { id, folder, photo };
  }

  /** Waits for the newest message to `to` whose text holds a link to `page` not in `except`; answers it and its token. */
  async function linkMailedTo(to: string, page: LinkPage, except: string[] = []) {
    const pattern = new RegExp(`/${page}\\?token=([A-Za-z0-9_-]{43})`);
    const tokenOf = (message: CaughtMail) => pattern.exec(message.text)?.[1];
    for (let attempt = 0; attempt < 100; attempt++) {
      const found = mail.received.findLast((m) => {
        const token = tokenOf(m);
        return m.to.includes(to) && token !== undefined && !except.includes(token);
      });
      if (found) return { message: found, token: tokenOf(found) ?? '' };
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no ${page} link came to ${to}`);
  }

  async function signUp(email: string, headers: Record<string, string> = {}) {
    const client = new TestClient(t.app);
    const res = await client.request({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { email, password: STRANGER_PASSWORD },
      headers,
    });
    return { client, res };
  }

  /** The gallery's owner opens the link and chooses a password: signed in, with the prepared gallery. */
  async function acceptWithNewPassword(token: string) {
    const owner = new TestClient(t.app);
    const res = await owner.post('/api/auth/invitation/accept', {
      token,
      newPassword: OWNER_PASSWORD,
      confirmNewPassword: OWNER_PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(200);
    return owner;
  }

  /**
   * `client` reads nothing of the gallery holding `photo`: not the list, not the original, not the download (403 for
   * an unproven session, 404 as for an id that does not exist otherwise).
   */
  async function expectNothingOf(client: TestClient, photo: AdminMedia) {
    expect([401, 403]).toContain((await client.get('/api/me/gallery')).statusCode);
    for (const url of [`/media/${photo.id}/original`, `/api/media/${photo.id}/download`]) {
      const status = (await client.get(url)).statusCode;
      expect({ url, refused: status === 403 || status === 404 }).toEqual({ url, refused: true });
    }
  }

  async function expectOwns(owner: TestClient, folder: string, photo: AdminMedia) {
    expect(await owner.session()).toMatchObject({ emailVerified: true, folder });
    const items = (await owner.get('/api/me/gallery')).json().items.map((item: { id: string }) => item.id);
    expect(items).toEqual([photo.id]);
    expect((await owner.get(`/media/${photo.id}/original`)).statusCode).toBe(200);
  }

  /** The stranger's cookie is dead and their password opens nothing. */
  async function expectStrangerLockedOut(stranger: TestClient, email: string, photo: AdminMedia) {
    expect(await stranger.session()).toBeNull();
    expect((await stranger.get('/api/me/gallery')).statusCode).toBe(401);
    await expectNothingOf(stranger, photo);
    const again = new TestClient(t.app);
    expect((await again.signIn(email, STRANGER_PASSWORD)).statusCode).toBe(401);
    await expectNothingOf(again, photo);
  }

  it('a prepared client: the sign-up answers as any other, claims nothing, and mails the owner a claim link', async () => {
    const dave = address('dave');
    const { id, folder, photo } = await preparedClient(dave, 'Dave Mizrahi');

    // 2. The stranger signs up with Dave's address: the answer looks exactly like a plain sign-up's.
    const plain = await signUp(address('plain'));
    const { client: stranger, res } = await signUp(dave, { cookie: 'lng=he' });
    expect(res.statusCode).toBe(plain.res.statusCode);
    expect(res.headers['set-cookie']).toBeDefined();
    const shape = (user: SessionUser) => ({ ...user, id: typeof user.id, email: typeof user.email });
    expect((res.json() as SessionUser).email).toBe(dave);
    expect(shape(res.json())).toEqual(shape(plain.res.json()));
    expect((await stranger.get('/api/me/gallery')).json()).toMatchObject({ error: { code: 'email-not-verified' } });
    await expectNothingOf(stranger, photo);

    // 3. Dave's mailbox gets a claim link (in the sign-up's language), not a confirmation of the stranger's account.
    const claim = await linkMailedTo(dave, 'accept-invite');
    expect(claim.message.subject).toContain('פתיחת הגלריה האישית שלכם');
    expect(claim.message.text).toContain('Dave Mizrahi');
    expect(claim.message.html).toContain('dir="rtl"');
    // Asking to send the link again, as the stranger can, mails a fresh claim link and voids the first.
    expect((await stranger.post('/api/auth/verification-email', {})).statusCode).toBe(200);
    const second = await linkMailedTo(dave, 'accept-invite', [claim.token]);
    const voided = await new TestClient(t.app).post('/api/auth/invitation/verify', { token: claim.token });
    expect(voided.json()).toMatchObject({ error: { code: 'invalid-invitation' } });

    // The photographer still sees a client without an account, and may still invite them.
    expect(await clientOf(dave)).toMatchObject({ hasAccount: false, emailVerified: false });
    const invited = await admin.post(`/api/admin/clients/${id}/invitation`, { language: 'en' });
    expect(invited.statusCode, invited.body).toBe(200);

    // 4. Dave opens the claim link and chooses a password: his gallery, with the photo.
    const shown = await new TestClient(t.app).post('/api/auth/invitation/verify', { token: second.token });
    expect(shown.json()).toEqual({ email: dave, fullName: 'Dave Mizrahi' });
    const owner = await acceptWithNewPassword(second.token);
    await expectOwns(owner, folder, photo);

    // 5 and 6. The stranger's earlier cookie and the stranger's password open nothing.
    await expectStrangerLockedOut(stranger, dave, photo);
    expect((await new TestClient(t.app).signIn(dave, OWNER_PASSWORD)).statusCode).toBe(200);

    // The client now has Dave's account; the invitation sent meanwhile is spent with the claim.
    expect(await clientOf(dave)).toMatchObject({ hasAccount: true, emailVerified: true });
    const token = new URL(invited.json().link).searchParams.get('token');
    const spent = await new TestClient(t.app).post('/api/auth/invitation/verify', { token });
    expect(spent.json()).toMatchObject({ error: { code: 'invalid-invitation' } });
  });

  it('an invited client: the invitation opens the gallery and locks the stranger out; the claim link dies', async () => {
    const erin = address('erin');
    const { id, folder, photo } = await preparedClient(erin, 'Erin Levi');
    const invited = await admin.post(`/api/admin/clients/${id}/invitation`, { language: 'en' });
    expect(invited.statusCode, invited.body).toBe(200);
    const invitation = new URL(invited.json().link).searchParams.get('token') ?? '';

    const { client: stranger, res } = await signUp(erin);
    expect(res.statusCode).toBe(200);
    expect((await stranger.get('/api/me/gallery')).json()).toMatchObject({ error: { code: 'email-not-verified' } });
    const claim = await linkMailedTo(erin, 'accept-invite', [invitation]);
    expect(await clientOf(erin)).toMatchObject({ hasAccount: false, emailVerified: false });
    await expectNothingOf(stranger, photo);

    const owner = await acceptWithNewPassword(invitation);
    await expectOwns(owner, folder, photo);
    await expectStrangerLockedOut(stranger, erin, photo);
    const spent = await new TestClient(t.app).post('/api/auth/invitation/verify', { token: claim.token });
    expect(spent.json()).toMatchObject({ error: { code: 'invalid-invitation' } });
    expect(await clientOf(erin)).toMatchObject({ hasAccount: true, emailVerified: true });
  });

  it('a password reset by the e-mailed code claims the prepared gallery too, and ends the stranger’s session', async () => {
    const gil = address('gil');
    const { folder, photo } = await preparedClient(gil, 'Gil Ben-David');
    const { client: stranger } = await signUp(gil);
    const claim = await linkMailedTo(gil, 'accept-invite');
    expect(await clientOf(gil)).toMatchObject({ hasAccount: false });

    const sent = mail.received.length;
    expect((await new TestClient(t.app).post('/api/auth/forgot-password', { email: gil })).statusCode).toBe(200);
    let reset: CaughtMail | undefined;
    for (let attempt = 0; attempt < 100 && !reset; attempt++) {
      reset = mail.received.slice(sent).find((m) => m.to.includes(gil) && m.text.includes('oobCode='));
      if (!reset) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const { code } = resetSecretsFromText(reset?.text ?? '');
    const byCode = await new TestClient(t.app).post('/api/auth/reset-password/code', {
      email: gil,
      code,
      newPassword: OWNER_PASSWORD,
    });
    expect(byCode.statusCode, byCode.body).toBe(200);

    const owner = new TestClient(t.app);
    expect((await owner.signIn(gil, OWNER_PASSWORD)).statusCode).toBe(200);
    await expectOwns(owner, folder, photo);
    await expectStrangerLockedOut(stranger, gil, photo);
    // The claim link would set the password again: it is spent.
    const spent = await new TestClient(t.app).post('/api/auth/invitation/verify', { token: claim.token });
    expect(spent.json()).toMatchObject({ error: { code: 'invalid-invitation' } });
  });

  it('a plain sign-up still gets its own new gallery; confirming the address ends every other session', async () => {
    // The stranger's sequence without a prepared client: the owner of the mailbox confirms from a browser of their
    // own, and the session the stranger opened at sign-up ends.
    const frank = address('frank');
    const { client: stranger } = await signUp(frank);
    const { token } = await linkMailedTo(frank, 'verify-email');
    expect((await new TestClient(t.app).post('/api/auth/verify-email', { token })).statusCode).toBe(200);
    expect(await stranger.session()).toBeNull();

    // The usual case: the one who signed up confirms in the same browser and stays signed in, with a new gallery of
    // their own; a session opened elsewhere before the confirmation ends.
    const hila = address('hila');
    const { client: browser } = await signUp(hila);
    const phone = new TestClient(t.app);
    expect((await phone.signIn(hila, STRANGER_PASSWORD)).statusCode).toBe(200);
    const link = await linkMailedTo(hila, 'verify-email');
    expect((await browser.post('/api/auth/verify-email', { token: link.token })).statusCode).toBe(200);
    expect(await browser.session()).toMatchObject({ emailVerified: true, folder: hila.replace(/\./g, '_') });
    expect((await browser.get('/api/me/gallery')).json()).toMatchObject({ total: 0 });
    expect(await phone.session()).toBeNull();
    expect(await clientOf(hila)).toMatchObject({ hasAccount: true, emailVerified: true });
  });
});
