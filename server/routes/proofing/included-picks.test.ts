import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminMedia } from '../../../shared/schemas/admin';
import type { Client, ClientList } from '../../../shared/schemas/clients';
import type { PicksResponse } from '../../../shared/schemas/proofing';
import { uploadReadyPhoto } from '../../test/admin-upload';
import { signUpVerified } from '../../test/email-links';
import { createTestAppWithAdmin, TEST_DATABASES, type TestApp } from '../../test/harness';
import { TestClient } from '../../test/test-client';

const ADMIN = { email: 'photographer@example.com', password: 'included-picks-admin-secret' };
const PASSWORD = 'riding at dawn';
const PRICE = 600;

/**
 * Who pays for which pick: an invited client (who paid no deposit) from the first, unless the photographer includes
 * some for them; a client who signed up keeps the price list's two included photos on their first order only. The
 * summary while picking and the total of the order sent are both the server's.
 */
describe.each(TEST_DATABASES)('the picks a client’s first order includes, on %s', (database) => {
  let t: TestApp;
  let admin: TestClient;

  beforeAll(async () => {
    ({ t, admin } = await createTestAppWithAdmin(database, ADMIN));
  });
  afterAll(async () => t?.close());

  const clientRecord = async (email: string): Promise<Client | undefined> =>
    ((await admin.get('/api/admin/clients')).json() as ClientList).items.find((client) => client.email === email);

  /** A client the photographer added and invited, signed in through the invitation, with photos in proofing. */
  async function invitedClientWith(email: string, photos: number) {
    const created = await admin.post('/api/admin/clients', { email, fullName: 'Invited Rider' });
    expect(created.statusCode, created.body).toBe(201);
    const { id, folder } = created.json() as { id: string; folder: string };
    const { link } = (await admin.post(`/api/admin/clients/${id}/invitation`, { language: 'en' })).json();
    const client = new TestClient(t.app);
    const accepted = await client.post('/api/auth/invitation/accept', {
      token: new URL(link).searchParams.get('token'),
      newPassword: PASSWORD,
      confirmNewPassword: PASSWORD,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    return { id, client, items: await photosInProofing(folder, photos) };
  }

  async function photosInProofing(folder: string, count: number): Promise<AdminMedia[]> {
    const items: AdminMedia[] = [];
    for (let i = 0; i < count; i++) items.push(await uploadReadyPhoto(admin, t.dataDir, folder, `ride-${i}.jpg`));
    await admin.request({
      method: 'PATCH',
      url: `/api/admin/folders/${encodeURIComponent(folder)}`,
      payload: { mode: 'proofing' },
    });
    return items;
  }

  async function pickAll(client: TestClient, items: AdminMedia[]): Promise<PicksResponse> {
    for (const item of items) {
      const res = await client.request({ method: 'PUT', url: `/api/me/picks/${item.id}` });
      expect(res.statusCode, res.body).toBe(200);
    }
    return (await client.get('/api/me/picks')).json();
  }

  const send = async (client: TestClient) => {
    const sent = await client.post('/api/me/orders', { note: '' });
    expect(sent.statusCode, sent.body).toBe(201);
    return sent.json() as { id: string; total: { amount: number } };
  };

  it('charges an invited client from the first pick when the photographer includes none', async () => {
    const { client, items } = await invitedClientWith('maya@example.com', 2);
    expect((await clientRecord('maya@example.com'))?.includedPicks).toBeNull();
    const picks = await pickAll(client, items);
    expect(picks).toMatchObject({ count: 2, included: 0, includedLimit: 0, total: { amount: 2 * PRICE } });
    expect((await send(client)).total.amount).toBe(2 * PRICE);
  });

  it('includes the number the photographer sets for a client, in the summary and the order', async () => {
    const { id, client, items } = await invitedClientWith('eden@example.com', 4);
    const set = await admin.request({
      method: 'PATCH',
      url: `/api/admin/clients/${id}`,
      payload: { includedPicks: 3 },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ includedPicks: 3 });
    const picks = await pickAll(client, items);
    expect(picks).toMatchObject({
      count: 4,
      included: 3,
      includedLimit: 3,
      includedByPhotographer: true,
      total: { amount: PRICE },
    });
    expect((await send(client)).total.amount).toBe(PRICE);
    // Back to the rule by how the client came.
    const reset = await admin.request({
      method: 'PATCH',
      url: `/api/admin/clients/${id}`,
      payload: { includedPicks: null },
    });
    expect(reset.json()).toMatchObject({ includedPicks: null });
  });

  it('keeps the price list’s two for a client who signed up, on their first order only', async () => {
    const client = new TestClient(t.app);
    const user = await signUpVerified(client, t.dataDir, 'tal@example.com', PASSWORD, 'Tal Rider');
    const items = await photosInProofing(user.folder, 4);
    const first = await pickAll(client, items.slice(0, 3));
    expect(first).toMatchObject({
      included: 2,
      includedLimit: 2,
      includedByPhotographer: false,
      total: { amount: PRICE },
    });
    const order = await send(client);
    expect(order.total.amount).toBe(PRICE);
    const url = `/api/admin/orders/${order.id}`;
    await admin.request({ method: 'PATCH', url, payload: { status: 'paid', paymentMethod: 'cash' } });
    await admin.request({ method: 'PATCH', url, payload: { status: 'delivered', deliver: 'picked' } });
    const later = await pickAll(client, items.slice(3));
    expect(later).toMatchObject({ count: 1, included: 0, includedLimit: 0, total: { amount: PRICE } });
    expect((await send(client)).total.amount).toBe(PRICE);
  });

  it('takes only a whole number from 0 to 999, and only from the photographer', async () => {
    const { id } = (await admin.post('/api/admin/clients', { email: 'noa@example.com', fullName: 'Noa' })).json();
    for (const includedPicks of [-1, 1000, 2.5, '3']) {
      const res = await admin.request({ method: 'PATCH', url: `/api/admin/clients/${id}`, payload: { includedPicks } });
      expect(res.statusCode, String(includedPicks)).toBe(400);
      expect(res.json().error.code).toBe('invalid-argument');
    }
    const client = new TestClient(t.app);
    await signUpVerified(client, t.dataDir, 'gil@example.com', PASSWORD);
    const refused = await client.request({
      method: 'PATCH',
      url: `/api/admin/clients/${id}`,
      payload: { includedPicks: 5 },
    });
    expect(refused.statusCode).toBe(403);
    expect((await clientRecord('noa@example.com'))?.includedPicks).toBeNull();
  });
});
