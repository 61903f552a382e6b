import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '../../../shared/i18n/languages';
import { NOTICE_KINDS, type NoticeCounts, type NoticeKind } from '../../../shared/schemas/booking';
import { bookingEmail } from '../../mail/booking-emails';
import { mailLanguage } from '../../mail/mail-text';
import type { Mailer, MailMessage } from '../../mail/mailer';
import { noticeEmail } from '../../mail/notice-emails';
import type { AdminNoticeRepository } from '../../repositories/admin-notice-repository';
import type { BookingRecord } from '../../repositories/booking-repository';
import type { SettingsRepository } from '../../repositories/settings-repository';

/** The settings key of the language the photographer uses the panel in (their e-mails are written in it). */
const ADMIN_LANGUAGE_SETTING = 'admin-language';

/** The language of the photographer's e-mails: the one the admin panel was last used in, else Hebrew. */
export async function photographerLanguage(settings: Pick<SettingsRepository, 'get'>): Promise<Language> {
  return mailLanguage(await settings.get<string>(ADMIN_LANGUAGE_SETTING));
}

/** Remembers the language the photographer uses the panel in, for their e-mails (written only when it changed). */
export async function rememberPhotographerLanguage(
  settings: Pick<SettingsRepository, 'get' | 'set'>,
  language: Language,
): Promise<void> {
  if ((await settings.get<string>(ADMIN_LANGUAGE_SETTING)) !== language) {
    await settings.set(ADMIN_LANGUAGE_SETTING, language);
  }
}

/** When the photographer last looked at each kind of news, one settings key per kind. */
const seenSetting = (kind: NoticeKind) => `admin.notices-seen.${kind}`;

/** The admin panel's tab where each kind of news shows; the e-mail's button opens it. */
const NOTICE_TABS: Record<NoticeKind, string> = {
  signup: 'clients',
  agreement: 'agreements',
  booking: 'bookings',
  payment: 'orders',
};

export interface PhotographerNoticeDependencies {
  notices: AdminNoticeRepository;
  settings: Pick<SettingsRepository, 'get' | 'set'>;
  mailer: Pick<Mailer, 'sendLater'>;
  adminEmail: string;
  siteName: string;
  publicUrl: string;
  /** Where a failure to record or send a notice goes: it never fails what the visitor did. */
  logger: Pick<FastifyBaseLogger, 'error'>;
  now?: () => Date;
}

/**
 * Telling the photographer: every new sign-up, acceptance of the booking terms, booking request and payment a client
 * reports is e-mailed to ADMIN_EMAIL (in the panel's language, sent in the background so the visitor never waits on
 * it) and counted for the panel's badges until the photographer opens that tab. The photographer's own actions are not news to them.
 */
export function createPhotographerNotices(deps: PhotographerNoticeDependencies) {
  const now = deps.now ?? (() => new Date());
  const linkTo = (kind: NoticeKind) => `${deps.publicUrl}/admin/${NOTICE_TABS[kind]}`;

  async function tell(kind: NoticeKind, email: string, message: (language: Language) => MailMessage): Promise<void> {
    if (email.toLowerCase() === deps.adminEmail.toLowerCase()) return;
    try {
      await deps.notices.insert(kind, email, now().toISOString());
      deps.mailer.sendLater(message(await photographerLanguage(deps.settings)));
    } catch (error) {
      deps.logger.error({ err: error, kind }, 'telling the photographer failed');
    }
  }

  const short = (kind: 'signup' | 'agreement', person: { email: string; name?: string | null }) =>
    tell(kind, person.email, (language) =>
      noticeEmail(kind, {
        to: deps.adminEmail,
        language,
        siteName: deps.siteName,
        link: linkTo(kind),
        name: person.name || person.email,
        email: person.email,
      }),
    );

  return {
    signedUp: (person: { email: string; name?: string | null }) => short('signup', person),

    acceptedTerms: (person: { email: string; name?: string | null }) => short('agreement', person),

    bookingRequested: (booking: BookingRecord, clientName: string) =>
      tell('booking', booking.email, (language) =>
        bookingEmail('received', booking, {
          to: deps.adminEmail,
          language,
          siteName: deps.siteName,
          link: linkTo('booking'),
          clientName,
        }),
      ),

    /** A client says they paid an order; `message` writes its e-mail to the photographer, with the orders tab. */
    paymentReported: (
      client: { email: string },
      message: (to: { to: string; language: Language; link: string }) => MailMessage,
    ) =>
      tell('payment', client.email, (language) => message({ to: deps.adminEmail, language, link: linkTo('payment') })),

    /** How many of each kind arrived since the photographer last opened its tab. */
    async counts(): Promise<NoticeCounts> {
      const entries = await Promise.all(
        NOTICE_KINDS.map(async (kind) => {
          const seen = (await deps.settings.get<string>(seenSetting(kind))) ?? null;
          return [kind, await deps.notices.countSince(kind, seen)] as const;
        }),
      );
      return Object.fromEntries(entries) as NoticeCounts;
    },

    /** Remembers the language the photographer uses the panel in, for their e-mails. */
    rememberLanguage: (language: Language) => rememberPhotographerLanguage(deps.settings, language),

    /** The photographer opened the tab of `kind`: its count starts again from zero. */
    async markSeen(kind: NoticeKind): Promise<void> {
      await deps.settings.set(seenSetting(kind), now().toISOString());
    },
  };
}

export type PhotographerNotices = ReturnType<typeof createPhotographerNotices>;
