import { directionOf, type Language } from '../../shared/i18n/languages';
import { escapeHtml } from '../html';
import { serverTranslator } from '../i18n/locale-files';

/** First strong isolate … pop directional isolate: a Latin name keeps its order inside a Hebrew or Arabic sentence. */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}

/**
 * The texts of one message of shared/i18n/locales/<lang>/mail.json, with its placeholders filled:
 * `mailStrings('he', 'resetPassword', { siteName })('subject')`. Every value is isolated, so a Latin site name or
 * address inside a right-to-left sentence (or a Hebrew name inside an English one) keeps its own order. A missing
 * key throws (the locale tests catch it).
 */
export function mailStrings(language: Language, message: string, values: Record<string, string>) {
  const translate = serverTranslator(language, 'mail');
  const isolated = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, isolate(value)]));
  return (key: string): string => translate(`${message}.${key}`, isolated);
}

/** A minimal, mail-client-safe HTML document in the language's direction. */
export function htmlDocument(language: Language, title: string, body: string): string {
  const dir = directionOf(language);
  return `<!doctype html>
<html lang="${language}" dir="${dir}">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family: Arial, sans-serif; line-height: 1.5; text-align: ${dir === 'rtl' ? 'right' : 'left'};" dir="${dir}">
${body}
</body>
</html>
`;
}
