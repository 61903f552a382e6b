import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../shared/i18n/languages';
import type { BookingRecord } from '../repositories/booking-repository';
import { bookingEmail } from './booking-emails';
import type { MailMessage } from './mailer';
import { noticeEmail } from './notice-emails';
import { orderEmail } from './order-emails';

/** What a visitor might type as their name, a competition or a note, to make the site send a message of theirs. */
const BAIT = 'Your account is suspended – verify at http://evil.example';
const SITE = 'Horses & Dance Photography';

const booking: BookingRecord = {
  id: 'b1',
  accountId: 'a1',
  email: 'rider@example.com',
  event: BAIT,
  date: '2026-11-24',
  riderName: BAIT,
  horses: [{ name: BAIT, heat: 'Class 3' }],
  package: 'entrance',
  phone: '050-123 4567',
  note: BAIT,
  language: 'en',
  totalAmount: 6_000,
  depositAmount: 1_000,
  currency: 'ILS',
  status: 'new',
  createdAt: '2026-10-01T10:00:00.000Z',
  updatedAt: '2026-10-01T10:00:00.000Z',
};

/** Every e-mail that carries text a visitor typed, in one language. */
function mailsWithVisitorText(language: (typeof LANGUAGES)[number]): Array<[string, MailMessage]> {
  const base = { to: 'someone@example.com', language, siteName: SITE, link: 'https://gallery.example/x' };
  return [
    ['booking received', bookingEmail('received', booking, { ...base, clientName: BAIT })],
    ['booking confirmation', bookingEmail('confirmation', booking, { ...base, clientName: BAIT })],
    ['sign-up notice', noticeEmail('signup', { ...base, name: BAIT, email: 'rider@example.com' })],
    ['agreement notice', noticeEmail('agreement', { ...base, name: BAIT, email: 'rider@example.com' })],
    [
      'order submitted',
      orderEmail('orderSubmitted', {
        ...base,
        clientName: BAIT,
        clientEmail: 'rider@example.com',
        count: 2,
        total: { amount: 1_200, currency: 'ILS' },
        note: BAIT,
      }),
    ],
  ];
}

describe('text a visitor typed', () => {
  it.each(LANGUAGES)('stays out of every subject and in the body, in %s', (language) => {
    for (const [what, message] of mailsWithVisitorText(language)) {
      expect({ what, subject: message.subject.includes('evil.example') }).toEqual({ what, subject: false });
      expect({ what, body: message.text.includes('evil.example') }).toEqual({ what, body: true });
    }
  });

  it('has no place in a subject of mail.json in any language: only the site name is filled in', () => {
    for (const language of LANGUAGES) {
      const file = path.resolve(import.meta.dirname, `../../shared/i18n/locales/${language}/mail.json`);
      const subjects: Array<[string, string]> = [];
      const walk = (node: unknown, at: string) => {
        if (typeof node !== 'object' || node === null) return;
        for (const [key, value] of Object.entries(node)) {
          if (key === 'subject' && typeof value === 'string') subjects.push([`${language}:${at}`, value]);
          else walk(value, `${at}.${key}`);
        }
      };
      walk(JSON.parse(fs.readFileSync(file, 'utf8')), '');
      expect(subjects.length).toBeGreaterThan(10);
      for (const [where, subject] of subjects) {
        const placeholders = [...subject.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]);
        expect({ where, placeholders }).toEqual({ where, placeholders: placeholders.map(() => 'siteName') });
      }
    }
  });
});
