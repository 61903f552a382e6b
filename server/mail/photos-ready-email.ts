import { directionOf, type Language } from '../../shared/i18n/languages';
import { escapeHtml } from '../html';
import { htmlDocument, mailStrings, plainText } from './mail-text';
import type { MailAttachment, MailMessage } from './mailer';

export interface PhotosReadyInput {
  to: string;
  name: string | null;
  language: Language;
  siteName: string;
  publicUrl: string;
  /** How many items this e-mail announces. */
  count: number;
  /** A few of them as JPEG thumbnails (server/media/mail-thumbnail.ts), shown in a row; may be none. */
  pictures: Buffer[];
}

/**
 * The site's colours, as the light theme of web/styles/tokens.css has them: most mail clients show a light page,
 * and the dark theme's pale accent would be unreadable on it.
 */
const BRAND = { text: '#1f1a16', muted: '#5e544b', accent: '#8a5a1c', onAccent: '#ffffff', border: '#ded4c8' };

/** The side the thumbnails are shown at, in CSS pixels (the files are twice as large). */
const SHOWN_PIXELS = 128;

/**
 * "Your photos are ready", in the reader's language: the site's name as a header, how many new items wait, a row of
 * thumbnails and one clear button to /me. The thumbnails travel inside the message (`cid:` parts): a mail client
 * shows them without a session and without fetching anything, and no signed link can have expired by the time the
 * client opens it.
 */
export function photosReadyEmail(input: PhotosReadyInput): MailMessage {
  const link = `${input.publicUrl}/me`;
  const t = mailStrings(input.language, 'photosReady', {
    siteName: input.siteName,
    name: input.name ?? '',
    count: input.count,
  });
  const greeting = input.name ? t('greetingNamed') : t('greeting');
  const text = plainText([[greeting], [t('intro'), t('count')], [t('linkInstructions'), link], [t('signature')]]);
  const attachments: MailAttachment[] = input.pictures.map((picture, index) => ({
    filename: `photo-${index + 1}.jpg`,
    content: picture,
    contentType: 'image/jpeg',
    cid: `photo-${index + 1}@photos-ready`,
  }));
  const html = htmlDocument(
    input.language,
    t('subject'),
    [
      `<div style="max-width: 560px; margin: 0 auto; color: ${BRAND.text};">`,
      `<p style="margin: 0 0 16px; padding-bottom: 12px; border-bottom: 2px solid ${BRAND.accent}; font-size: 20px; font-weight: bold; color: ${BRAND.accent};">${escapeHtml(t('signature'))}</p>`,
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(t('intro'))}</p>`,
      `<p style="font-size: 18px; font-weight: bold;">${escapeHtml(t('count'))}</p>`,
      thumbnailRow(attachments, input.language),
      button(link, t('button')),
      `<p style="color: ${BRAND.muted}; font-size: 13px;">${escapeHtml(t('linkInstructions'))}<br><a href="${escapeHtml(link)}" style="color: ${BRAND.accent};">${escapeHtml(link)}</a></p>`,
      `<p>${escapeHtml(t('signature'))}</p>`,
      '</div>',
    ].join('\n'),
  );
  return { to: input.to, subject: t('subject'), text, html, attachments };
}

/** Thumbnails in a table row: the layout every mail client keeps, in the reading direction of the language. */
function thumbnailRow(attachments: MailAttachment[], language: Language): string {
  if (attachments.length === 0) return '';
  const cells = attachments
    .map(
      (picture) =>
        `<td style="padding: 4px;"><img src="cid:${picture.cid}" width="${SHOWN_PIXELS}" height="${SHOWN_PIXELS}" alt="" style="display: block; border-radius: 6px; border: 1px solid ${BRAND.border};"></td>`,
    )
    .join('');
  return `<table role="presentation" dir="${directionOf(language)}" cellpadding="0" cellspacing="0" style="margin: 16px 0;"><tr>${cells}</tr></table>`;
}

/** A button made of a table cell, so Outlook draws its colour and padding too. */
function button(link: string, label: string): string {
  return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin: 24px 0;"><tr><td style="border-radius: 999px; background: ${BRAND.accent};"><a href="${escapeHtml(link)}" style="display: inline-block; padding: 14px 28px; color: ${BRAND.onAccent}; font-size: 16px; font-weight: bold; text-decoration: none; border-radius: 999px;">${escapeHtml(label)}</a></td></tr></table>`;
}
