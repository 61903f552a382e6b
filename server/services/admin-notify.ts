import { MAIN_GALLERY_FOLDER } from '../../shared/folders';
import { isLanguage, type Language } from '../../shared/i18n/languages';
import { AppError } from '../errors';
import { escapeHtml } from '../html';
import { htmlDocument, mailStrings } from '../mail/mail-text';
import type { Mailer, MailMessage } from '../mail/mailer';
import type { AdminMediaRepository } from '../repositories/admin-media-repository';

/** The site's original language, used when a client never told us theirs. */
const DEFAULT_MAIL_LANGUAGE: Language = 'he';

export interface PhotosReadyInput {
  to: string;
  name: string | null;
  language: Language;
  siteName: string;
  publicUrl: string;
}

/** "Your photos are ready", in the reader's language, with a link to /me. */
export function photosReadyEmail(input: PhotosReadyInput): MailMessage {
  const link = `${input.publicUrl}/me`;
  const t = mailStrings(input.language, 'photosReady', { siteName: input.siteName, name: input.name ?? '' });
  const greeting = input.name ? t('greetingNamed') : t('greeting');
  const text = [greeting, '', t('intro'), '', t('linkInstructions'), link, '', t('signature'), ''].join('\n');
  const html = htmlDocument(
    input.language,
    t('subject'),
    [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(t('intro'))}</p>`,
      `<p><a href="${escapeHtml(link)}">${escapeHtml(t('button'))}</a></p>`,
      `<p>${escapeHtml(t('signature'))}</p>`,
    ].join('\n'),
  );
  return { to: input.to, subject: t('subject'), text, html };
}

export interface NotifyDependencies {
  admin: Pick<AdminMediaRepository, 'findOwnerByFolder' | 'lastAgreementLanguage'>;
  mailer: Pick<Mailer, 'send'>;
  siteName: string;
  publicUrl: string;
}

/**
 * Tells the owner of a folder that their photos are ready. The language is the admin's choice, else the one in which
 * the client last accepted the terms, else Hebrew. It waits for delivery, so the admin learns of a failure.
 */
export async function notifyPhotosReady(
  deps: NotifyDependencies,
  folder: string,
  language?: Language,
): Promise<{ sentTo: string; language: Language }> {
  if (folder === MAIN_GALLERY_FOLDER) {
    throw new AppError('invalid-argument', 'The main gallery has no owner to notify.');
  }
  const account = await deps.admin.findOwnerByFolder(folder);
  if (!account) throw new AppError('not-found', 'There is no such folder.');
  const remembered = account.accountId ? await deps.admin.lastAgreementLanguage(account.accountId) : undefined;
  const chosen = language ?? (isLanguage(remembered) ? remembered : DEFAULT_MAIL_LANGUAGE);
  try {
    await deps.mailer.send(
      photosReadyEmail({
        to: account.email,
        name: account.name,
        language: chosen,
        siteName: deps.siteName,
        publicUrl: deps.publicUrl,
      }),
    );
  } catch {
    throw new AppError('unavailable', 'The e-mail could not be sent. Please try again later.');
  }
  return { sentTo: account.email, language: chosen };
}

/** "Your photos are ready" with its dependencies bound, as the composition root builds it. */
export function createPhotosReadyNotifier(deps: NotifyDependencies) {
  return { notify: (folder: string, language?: Language) => notifyPhotosReady(deps, folder, language) };
}

export type PhotosReadyNotifier = ReturnType<typeof createPhotosReadyNotifier>;
