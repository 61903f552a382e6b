import { priceOfBooking } from '../../../shared/booking-price';
import { LANGUAGES, type Language } from '../../../shared/i18n/languages';
import { CURRENCY } from '../../../shared/pricing';
import type { BookingRequestBody, BookingStatus } from '../../../shared/schemas/booking';
import type { SessionUser } from '../../../shared/schemas/session';
import { AppError } from '../../errors';
import { bookingEmail } from '../../mail/booking-emails';
import type { Mailer } from '../../mail/mailer';
import type { AgreementRepository } from '../../repositories/agreement-repository';
import type { BookingRecord, BookingRepository } from '../../repositories/booking-repository';
import type { PhotographerNotices } from './admin-notify';
import { termsDocument } from './terms';

/** How far ahead a competition may be booked. */
const MAX_DAYS_AHEAD = 2 * 366;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The newest requests a list shows. */
const LIST_LIMIT = 500;

export interface BookingServiceDeps {
  bookings: BookingRepository;
  agreements: Pick<AgreementRepository, 'latestFor'>;
  notices: Pick<PhotographerNotices, 'bookingRequested'>;
  mailer: Pick<Mailer, 'sendLater'>;
  siteName: string;
  publicUrl: string;
  now?: () => Date;
}

const notFound = () => new AppError('not-found', 'There is no such booking request.');

/**
 * The day must not have passed anywhere on Earth yet (UTC−12 is a day behind UTC), and lie within two years. Dates are
 * days, not moments, so they are compared as UTC midnights.
 */
function assertBookableDay(date: string, now: Date): void {
  const day = Date.parse(`${date}T00:00:00Z`);
  const today = Date.parse(`${now.toISOString().slice(0, 10)}T00:00:00Z`);
  if (day < today - DAY_MS || day > today + MAX_DAYS_AHEAD * DAY_MS) {
    throw new AppError('invalid-argument', 'Choose the day of a competition that is still ahead.', {
      fields: [{ field: 'date', message: 'not a day ahead' }],
    });
  }
}

/**
 * Booking requests: a signed-in client who accepted the current booking terms asks to be photographed at a
 * competition; the price and deposit come from the price list (`priceOfBooking`) and are kept with the request. The
 * client gets a confirmation in the page's language; the photographer is told (admin-notify.ts) and answers in the
 * panel.
 */
export function createBookingService(deps: BookingServiceDeps) {
  const now = deps.now ?? (() => new Date());

  /** Whether the user accepted the current text of the terms, in the asked language first, then any other. */
  async function acceptedCurrentTerms(userId: string, language: Language): Promise<boolean> {
    for (const candidate of [language, ...LANGUAGES.filter((other) => other !== language)]) {
      if (await deps.agreements.latestFor(userId, termsDocument(candidate).version)) return true;
    }
    return false;
  }

  return {
    async request(user: SessionUser, body: BookingRequestBody): Promise<BookingRecord> {
      const at = now();
      assertBookableDay(body.date, at);
      if (!(await acceptedCurrentTerms(user.id, body.language))) {
        throw new AppError('terms-not-accepted', 'Please read and accept the booking terms first.');
      }
      const price = priceOfBooking(body.package, body.horses);
      const record = await deps.bookings.insert(
        {
          accountId: user.id,
          email: user.email,
          event: body.event,
          date: body.date,
          riderName: body.riderName,
          horses: body.horses,
          package: body.package,
          phone: body.phone,
          note: body.note,
          language: body.language,
          totalAmount: price.total?.amount ?? null,
          depositAmount: price.deposit?.amount ?? null,
          currency: CURRENCY,
        },
        at.toISOString(),
      );
      const clientName = user.name || user.email;
      deps.mailer.sendLater(
        bookingEmail('confirmation', record, {
          to: user.email,
          language: body.language,
          siteName: deps.siteName,
          link: `${deps.publicUrl}/contact`,
          clientName,
        }),
      );
      await deps.notices.bookingRequested(record, clientName);
      return record;
    },

    /** The client's own requests, newest first. */
    listOwn: (user: SessionUser) => deps.bookings.list({ limit: LIST_LIMIT, accountId: user.id }),

    /** Every request, newest first (the photographer's tab). */
    listAll: () => deps.bookings.list({ limit: LIST_LIMIT }),

    async setStatus(id: string, status: BookingStatus): Promise<BookingRecord> {
      const updated = await deps.bookings.setStatus(id, status, now().toISOString());
      if (!updated) throw notFound();
      return updated;
    },
  };
}

export type BookingService = ReturnType<typeof createBookingService>;
