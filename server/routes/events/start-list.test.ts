import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntryResult } from '../../../shared/schemas/events';
import { jpegTakenAt } from '../../media/test-images';
import { createTestAppWithAdmin, TEST_DATABASES, type TestApp } from '../../test/harness';
import { until } from '../../test/support/ingest';
import { uploadWhole } from '../../test/support/tus';
import { TestClient } from '../../test/test-client';

const ADMIN = { email: 'photographer@example.com', password: 'start-list-secret' };

/** Hebrew letters in Windows-1255 sit at 0xE0–0xFA, in alphabet order; ASCII is itself. */
function windows1255(text: string): Buffer {
  return Buffer.from(
    [...text].map((char) => {
      const code = char.codePointAt(0) ?? 0;
      if (code >= 0x05d0 && code <= 0x05ea) return 0xe0 + (code - 0x05d0);
      if (code < 0x80) return code;
      throw new Error(`not in the test table: ${char}`);
    }),
  );
}

// A start list as many shows publish it: numbers and names, no class and no time; two lines give only the number.
const NAIVE_LIST = windows1255(['מספר,רוכב,סוס', '7,נועה לוי,כוכב', '8,,', '9,,'].join('\r\n'));

describe.each(TEST_DATABASES)('a start list as organisers write it, on %s', (database) => {
  let t: TestApp;
  let admin: TestClient;
  let eventId = '';
  const putCsv = (body: Buffer) =>
    admin.request({
      method: 'PUT',
      url: `/api/admin/events/${eventId}/start-list`,
      headers: { 'content-type': 'text/csv' },
      payload: body,
    });
  const search = async (q: string): Promise<EntryResult[]> => {
    const res = await new TestClient(t.app).get(`/api/events/gvia-hasharon/search?q=${encodeURIComponent(q)}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().entries;
  };

  beforeAll(async () => {
    ({ t, admin } = await createTestAppWithAdmin(database, ADMIN));
    const created = await admin.post('/api/admin/events', {
      name: 'גביע השרון',
      date: '2026-05-14',
      slug: 'gvia-hasharon',
      visibility: 'public',
    });
    expect(created.statusCode, created.body).toBe(201);
    eventId = created.json().id;
  });

  afterAll(async () => {
    await t?.close();
  });

  it('imports numbers, riders and horses without class or time, and answers the absent time as null', async () => {
    const res = await putCsv(NAIVE_LIST);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ entries: 3 });
    const entries = (await admin.get(`/api/admin/events/${eventId}/entries`)).json().entries;
    expect(entries.map(({ id: _id, ...entry }: { id: string }) => entry)).toEqual([
      { number: '7', rider: 'נועה לוי', horse: 'כוכב', class: '', startTime: null, hidden: false, photoCount: 0 },
      { number: '8', rider: '', horse: '', class: '', startTime: null, hidden: false, photoCount: 0 },
      { number: '9', rider: '', horse: '', class: '', startTime: null, hidden: false, photoCount: 0 },
    ]);
    // Two lines without a rider are not one rider's two horses: each is bought alone.
    const [eight] = await search('8');
    expect(eight).toMatchObject({ number: '8', rider: '', startTime: null, wholeEntry: { horses: 1 } });
  });

  it('refuses a bad file with every problem as a code with its parameters, and in English', async () => {
    const res = await putCsv(windows1255(['מספר,רוכב,שעה', '7,נועה,8.30', '8,דנה,', '7,טל,09:00'].join('\r\n')));
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('invalid-start-list');
    expect(error.message).toBe(
      'The start list was not imported: 2 problems, the first on line 2: The start time "8.30" is not a time of day (HH:MM or HH:MM:SS).',
    );
    expect(error.details).toEqual({
      line: 2,
      problems: [
        {
          line: 2,
          code: 'bad-time',
          column: 'startTime',
          value: '8.30',
          expected: 'HH:MM',
          message: 'The start time "8.30" is not a time of day (HH:MM or HH:MM:SS).',
        },
        {
          line: 4,
          code: 'duplicate-number',
          column: 'number',
          value: '7',
          otherLine: 2,
          message: 'Start number 7 is already used on line 2.',
        },
      ],
    });
    const noNumber = (await putCsv(windows1255('רוכב,סוס\r\nנועה,כוכב\r\n'))).json().error;
    expect(noNumber.details.problems).toEqual([
      expect.objectContaining({ line: 1, code: 'missing-column', column: 'number' }),
    ]);
    expect((await putCsv(Buffer.alloc(0))).json().error.details.problems).toEqual([
      { line: 1, code: 'empty', message: 'The file is empty.' },
    ]);
    expect((await admin.get(`/api/admin/events/${eventId}/entries`)).json().entries).toHaveLength(3);
  });

  it('never places a photo by time with an entry that has no start time', async () => {
    // Taken two minutes after midnight UTC on 1 January 1970 (Israel was at UTC+2), where an absent time read as a
    // date would put a start.
    const bytes = await jpegTakenAt('1970-01-01T02:02:00', { Make: 'Canon', Model: 'EOS R6' });
    const { finished } = await uploadWhole(admin, bytes, {
      filename: 'epoch.jpg',
      filetype: 'image/jpeg',
      event: eventId,
    });
    expect(finished?.statusCode, finished?.body).toBe(204);
    await until(
      async () => (await admin.get(`/api/admin/events/${eventId}/photos`)).json().photos.length === 1,
      'the photo to be ready',
    );
    const run = await admin.post(`/api/admin/events/${eventId}/auto-assign`, {});
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json()).toMatchObject({ assigned: 0, unassigned: 1 });
    const [photo] = (await admin.get(`/api/admin/events/${eventId}/photos`)).json().photos;
    expect(photo).toMatchObject({ entryId: null, capturedAt: '1970-01-01T00:02:00.000Z' });
  });
});
