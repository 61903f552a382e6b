import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpegTakenAt } from '../../media/test-images';
import { createTestAppWithAdmin, TEST_DATABASES, type TestApp } from '../../test/harness';
import { type CaughtMail, startMailCatcher } from '../../test/mail-catcher';
import { until } from '../../test/support/ingest';
import { uploadWhole } from '../../test/support/tus';
import { TestClient } from '../../test/test-client';

const ADMIN = { email: 'photographer@example.com', password: 'riders-admin-secret' };
const RIDER = 'rider@example.com';
const START_LIST = [
  'number,rider,horse,class,start time',
  '127,Noa Levi,Thunder,1.10,09:30',
  '128,Dan,Ravid,1.10,09:33',
];

/** The link of `path` (`confirm` or `unsubscribe`) in a mail, as the path and query the app answers. */
/** The mail's `List-Unsubscribe` field as sent (mailparser folds List-* fields into a structure of its own). */
const listUnsubscribe = (caught: CaughtMail | undefined) =>
  caught?.parsed.headerLines.find((line) => line.key === 'list-unsubscribe')?.line ?? '';

function linkIn(mail: CaughtMail, path: string): string {
  const match = new RegExp(`http://localhost:3000(/api/subscriptions/${path}\\?token=[A-Za-z0-9_-]+)`).exec(mail.text);
  if (!match?.[1]) throw new Error(`no ${path} link in: ${mail.text}`);
  return match[1];
}

describe.each(TEST_DATABASES)('riders’ photo alerts on %s', (database) => {
  let t: TestApp;
  let admin: TestClient;
  let mail: Awaited<ReturnType<typeof startMailCatcher>>;
  let eventId = '';
  let entry127 = '';
  const photos: string[] = [];
  const visitor = () => new TestClient(t.app);
  const mailsTo = (address: string) => mail.received.filter((caught) => caught.to.includes(address));
  const subscribe = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    visitor().request({ method: 'POST', url: '/api/events/spring-cup/subscriptions', payload: body, headers });
  const placeByHand = async (mediaIds: string[]) => {
    const res = await admin.post(`/api/admin/events/${eventId}/assign`, { mediaIds, entryId: entry127 });
    expect(res.statusCode, res.body).toBe(200);
  };
  const waitForMails = (address: string, count: number) =>
    until(async () => mailsTo(address).length >= count, `${count} mails to ${address}`);

  beforeAll(async () => {
    mail = await startMailCatcher();
    ({ t, admin } = await createTestAppWithAdmin(database, ADMIN, {
      SMTP_URL: mail.url,
      RIDER_NOTICE_DELAY_SECONDS: '0',
    }));
    const created = await admin.post('/api/admin/events', {
      name: 'Spring Cup',
      date: '2026-05-14',
      slug: 'spring-cup',
      venue: 'Kfar Hess',
      visibility: 'public',
    });
    eventId = created.json().id;
    await admin.request({
      method: 'PUT',
      url: `/api/admin/events/${eventId}/start-list`,
      headers: { 'content-type': 'text/csv' },
      payload: Buffer.from(START_LIST.join('\r\n')),
    });
    const entries = (await admin.get(`/api/admin/events/${eventId}/entries`)).json().entries;
    entry127 = entries.find((entry: { number: string }) => entry.number === '127').id;
    // Taken long before anyone's round: placed only by hand.
    for (let index = 0; index < 8; index++) {
      const bytes = await jpegTakenAt(`2026-05-14T07:0${index}:00`, { Make: 'Canon', Model: 'EOS R6' });
      const { finished } = await uploadWhole(admin, bytes, {
        filename: `frame-${index}.jpg`,
        filetype: 'image/jpeg',
        event: eventId,
      });
      photos.push(String(finished?.headers['x-media-id']));
    }
    await until(
      async () => (await admin.get(`/api/admin/events/${eventId}/photos`)).json().photos.length === 8,
      'the photos to be ready',
    );
  });

  afterAll(async () => {
    await t?.close();
    await mail?.close();
  });

  it('refuses a bad number or address with the field named', async () => {
    for (const body of [
      { number: '12a', email: RIDER },
      { number: '', email: RIDER },
      { number: '127', email: 'not-an-address' },
    ]) {
      const res = await subscribe(body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe('invalid-argument');
      expect(res.json().error.details.fields.length).toBeGreaterThan(0);
    }
    expect(
      (await visitor().post('/api/events/no-such-cup/subscriptions', { number: '1', email: RIDER })).statusCode,
    ).toBe(404);
  });

  it('answers a request with 202 and mails a confirmation link in the rider’s language', async () => {
    const res = await subscribe({ number: ' 127 ', email: 'Rider@Example.com' }, { 'accept-language': 'he' });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ status: 'check-your-email' });
    // Someone else asks for 127 too but never confirms.
    expect((await subscribe({ number: '127', email: 'lazy@example.com' })).statusCode).toBe(202);
    await waitForMails(RIDER, 1);
    const [confirmation] = mailsTo(RIDER);
    // The number and the event are in the body; a subject names only the site (what a visitor types stays out of it).
    expect(confirmation?.text).toContain('127');
    expect(confirmation?.text).toContain('Spring Cup');
    expect(confirmation?.subject).not.toContain('127');
    expect(listUnsubscribe(confirmation)).toMatch(/<http:\/\/localhost:3000\/api\/subscriptions\/unsubscribe\?token=/);
    expect(confirmation?.text).toContain('שלום');
    const opened = await visitor().get(linkIn(confirmation as CaughtMail, 'confirm'));
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe('/events/spring-cup?subscription=confirmed');
    const bad = await visitor().get('/api/subscriptions/confirm?token=nonsense');
    expect(bad.headers.location).toBe('/events?subscription=invalid');
  });

  it('gives the same answer for an address already subscribed, and mails it nothing more', async () => {
    const again = await subscribe({ number: '127', email: RIDER });
    const fresh = await subscribe({ number: '128', email: 'new@example.com' });
    expect([again.statusCode, again.body]).toEqual([fresh.statusCode, fresh.body]);
    await waitForMails('new@example.com', 1);
    expect(mailsTo(RIDER)).toHaveLength(1);
  });

  it('sends one mail for a batch of placements, and one more when more photos come', async () => {
    await placeByHand(photos.slice(0, 5));
    await waitForMails(RIDER, 2);
    await placeByHand(photos.slice(5, 7));
    await waitForMails(RIDER, 3);
    const [, first, second] = mailsTo(RIDER);
    // One mail for the five, then one for the two after: never one per photo.
    expect(mailsTo(RIDER)).toHaveLength(3);
    expect(first?.text).toContain('5');
    expect(first?.text).toContain('http://localhost:3000/events/spring-cup?q=127');
    expect(second?.text).toContain('7');
    expect(listUnsubscribe(second)).toContain(linkIn(second as CaughtMail, 'unsubscribe'));
    // An address never confirmed got its confirmation only.
    expect(mailsTo('lazy@example.com')).toHaveLength(1);
  });

  it('stops with the unsubscribe link of a mail, without signing in', async () => {
    // A second confirmed rider of 127 shows when the next batch's mails have gone out.
    await subscribe({ number: '127', email: 'friend@example.com' });
    await waitForMails('friend@example.com', 1);
    await visitor().get(linkIn(mailsTo('friend@example.com')[0] as CaughtMail, 'confirm'));
    await waitForMails('friend@example.com', 2);
    const last = mailsTo(RIDER).at(-1) as CaughtMail;
    const res = await visitor().get(linkIn(last, 'unsubscribe'));
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/events/spring-cup?subscription=unsubscribed');
    await placeByHand(photos.slice(7, 8));
    await waitForMails('friend@example.com', 3);
    expect(mailsTo('friend@example.com').at(-1)?.text).toContain('8');
    expect(mailsTo(RIDER)).toHaveLength(3);
  });
});
