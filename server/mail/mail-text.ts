import { isolateFor } from '../../shared/bidi';
import { directionOf, isLanguage, type Language } from '../../shared/i18n/languages';
import { escapeHtml } from '../html';
import { serverTranslator } from '../i18n/locale-files';
import type { MailMessage } from './mailer';

/** The site's original language: the e-mails of a reader who never told us theirs are written in it. */
export const DEFAULT_MAIL_LANGUAGE: Language = 'he';

/** The language to write an e-mail in: the first of `candidates` (most wanted first) the site speaks, else Hebrew. */
export function mailLanguage(...candidates: unknown[]): Language {
  return candidates.find(isLanguage) ?? DEFAULT_MAIL_LANGUAGE;
}

/**
 * The texts of one message of shared/i18n/locales/<lang>/mail.json, with its placeholders filled:
 * `mailStrings('he', 'resetPassword', { siteName })('subject')`. A value is isolated only where directions mix: every
 * value in a right-to-left message (so a Latin site name or address keeps its own order inside a Hebrew or Arabic
 * sentence), and a value holding right-to-left letters in a left-to-right message (a Hebrew name inside an English
 * one). A Latin value in a left-to-right message is left as it is. A missing key throws (the locale tests catch it).
 * A numeric `count` chooses each key's plural form (`intro_one`, `intro_two` …) by the language's plural rules.
 */
export function mailStrings(language: Language, message: string, values: Record<string, string | number>) {
  const translate = serverTranslator(language, 'mail');
  // A number is written in the reader's digits and isolated like any value; `count` also picks the plural form.
  const filled = Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      key,
      isolateFor(language, typeof value === 'number' ? value.toLocaleString(language) : value),
    ]),
  );
  const count = typeof values.count === 'number' ? values.count : undefined;
  return (key: string): string => translate(`${message}.${key}`, filled, count);
}

/**
 * The isolated values of an HTML body (escaped text with FSI … PDI around each value mailStrings isolated) as
 * `<span dir="auto">` elements: mail clients that ignore the isolate characters (Outlook's Word engine among them)
 * still keep a Latin site name in its order inside a Hebrew sentence, and the others read the same text as before.
 */
export function isolatesAsHtml(html: string): string {
  return html.replace(/\u2068([^\u2068\u2069]*)\u2069/g, '<span dir="auto">$1</span>');
}

/**
 * A minimal, mail-client-safe HTML document in the language's direction; the values isolated in its body become
 * `dir="auto"` spans (isolatesAsHtml), the title keeps the isolate characters (a title holds no elements). The body
 * aligns with physical `right`/`left`: Outlook's Word engine knows no `start`/`end`.
 */
export function htmlDocument(language: Language, title: string, body: string): string {
  const dir = directionOf(language);
  return `<!doctype html>
<html lang="${language}" dir="${dir}">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family: Arial, sans-serif; line-height: 1.5; text-align: ${dir === 'rtl' ? 'right' : 'left'};" dir="${dir}">
${isolatesAsHtml(body)}
</body>
</html>
`;
}

/** One part of an e-mail in both its forms: its lines in the plain-text part, its markup in the HTML part. */
export interface MailBlock {
  text: readonly string[];
  html: string;
}

/** A paragraph of one line, escaped for the HTML part. */
export function paragraph(text: string): MailBlock {
  return { text: [text], html: `<p>${escapeHtml(text)}</p>` };
}

/** Inline styles only: the one kind of styling every mail client keeps. */
const BUTTON_STYLE =
  'display: inline-block; padding: 10px 18px; background: #1f3a5f; color: #ffffff; text-decoration: none; border-radius: 6px;';

/**
 * Where the reader goes next: the instructions and the address in the plain-text part; the instructions and a
 * button-like link in the HTML part. `spelledOut` also prints the address under the button, for the reader whose mail
 * client will not open links.
 */
export function linkButton(
  instructions: string,
  link: string,
  label: string,
  { spelledOut = false }: { spelledOut?: boolean } = {},
): MailBlock {
  const href = escapeHtml(link);
  return {
    text: [instructions, link],
    html: [
      `<p>${escapeHtml(instructions)}</p>`,
      `<p><a href="${href}" style="${BUTTON_STYLE}">${escapeHtml(label)}</a></p>`,
      ...(spelledOut
        ? [`<p dir="ltr" style="font-size: 12px; color: #555555; word-break: break-all;">${href}</p>`]
        : []),
    ].join('\n'),
  };
}

/** The plain-text part: each paragraph's lines, a blank line between paragraphs, and a final line break. */
export function plainText(paragraphs: ReadonlyArray<readonly string[]>): string {
  return `${paragraphs.map((lines) => lines.join('\n')).join('\n\n')}\n`;
}

/** An e-mail made of `blocks`, one under another in both parts; the subject is also the HTML document's title. */
export function composeMail(
  to: string,
  language: Language,
  subject: string,
  blocks: readonly MailBlock[],
): MailMessage {
  return {
    to,
    subject,
    text: plainText(blocks.map((block) => block.text)),
    html: htmlDocument(language, subject, blocks.map((block) => block.html).join('\n')),
  };
}
