import { createPublicPageCache } from '../cache/public-pages';
import { createAdminNoticeRepository } from '../repositories/admin-notice-repository';
import { createAgreementRepository } from '../repositories/agreement-repository';
import { createBookingRepository } from '../repositories/booking-repository';
import { createOrderPaymentRepository } from '../repositories/order-payment-repository';
import { createPhotographerNotices } from '../services/site/admin-notify';
import { createAgreementService } from '../services/site/agreement-service';
import { createBookingService } from '../services/site/booking';
import { createContactDetailsService } from '../services/site/contact-details';
import { demoPreparing } from '../services/site/demo-content';
import { createHomeService } from '../services/site/home-picks';
import { createTodayService } from '../services/site/today';
import { createSocialCards } from '../ssr/social-card';
import type { Foundation } from './foundation';
import type { MediaArea } from './media';

/**
 * The site around the galleries: the home page's picks, the contact details, the booking terms and requests, the
 * photographer's notices and what waits for them today, the kept public pages and their shared-link picture, the demo set and the health probe.
 */
export function composeSite(base: Foundation, media: MediaArea) {
  const { config, database, storage, logger, repositories } = base;
  const { settings } = repositories;
  const db = database.db;
  // Telling the photographer of sign-ups, accepted terms and booking requests: one notifier, called where each
  // happens (the accounts area for sign-ups, so the account service stays unaware of it; the agreement and booking
  // services decide what is news).
  const notices = createPhotographerNotices({
    notices: createAdminNoticeRepository(db),
    settings,
    mailer: base.mailer,
    adminEmail: config.adminEmail,
    siteName: config.siteName,
    publicUrl: config.publicUrl,
    logger,
  });
  const agreementRepository = createAgreementRepository(db);
  const home = createHomeService({ media: media.runtime.media, settings });
  const bookingRepository = createBookingRepository(db);
  return {
    notices,
    home,
    agreements: createAgreementService({ agreements: agreementRepository, notices }),
    contactDetails: createContactDetailsService({ settings }),
    bookings: createBookingService({
      bookings: bookingRepository,
      agreements: agreementRepository,
      notices,
      mailer: base.mailer,
      siteName: config.siteName,
      publicUrl: config.publicUrl,
    }),
    today: createTodayService({
      orders: createOrderPaymentRepository(db),
      bookings: bookingRepository,
      media: media.runtime.media,
      events: repositories.events,
    }),
    publicPages: createPublicPageCache(base.changes),
    socialCards: createSocialCards({ home, storage }),
    demoContent: { preparing: () => demoPreparing({ config, settings, pipeline: media.runtime }) },
    health: {
      /** Touches the database, so a dead one shows. */
      async check() {
        await settings.get('health-probe');
        return { database: database.kind, storage: config.storage.kind };
      },
    },
  };
}

export type SiteArea = ReturnType<typeof composeSite>;
