import { isolateFor } from '../../shared/bidi';
import { directionOf, type Language } from '../../shared/i18n/languages';
import { escapeHtml } from '../html';
import { serverTranslator } from '../i18n/locale-files';

/**
 * The texts of one message of shared/i18n/locales/<lang>/mail.json, with its placeholders filled:
 * `mailStrings('he', 'resetPassword', { siteName })('subject')`. A value is isolated only where directions mix: every
 * value in a right-to-left message (so a Latin site name or address keeps its own order inside a Hebrew or Arabic
 * sentence), and a value holding right-to-left letters in a left-to-right message (a Hebrew name inside an English
 * one). A Latin value in a left-to-right message is left as it is. A missing key throws (the locale tests catch it).
 */
export function mailStrings(language: Language, message: string, values: Record<string, string>) {
  const translate = serverTranslator(language, 'mail');
  const filled = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, isolateFor(language, value)]));
  return (key: string): string => translate(`${message}.${key}`, filled);
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
 * `dir="auto"` spans (isolatesAsHtml), the title keeps the isolate characters (a title holds no elements).
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
