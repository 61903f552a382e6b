import { create } from 'content-disposition';

/**
 * An ASCII stand-in for clients that ignore `filename*` (RFC 6266 §4.3): accents are dropped (é → e), other
 * non-ASCII runs become one `_` together with the separators around them (`Site_דנה-לוי_2026.zip` →
 * `Site_2026.zip`), and a name left without letters or digits becomes `file` plus its extension.
 */
export function asciiFallbackName(filename: string): string {
  const ascii = filename
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[-_\s]*(?:[^\x20-\x7e]+[-_\s]*)+/g, '_');
  const dot = ascii.lastIndexOf('.');
  const stem = dot > 0 ? ascii.slice(0, dot) : ascii;
  const extension = dot > 0 ? ascii.slice(dot) : '';
  return /[A-Za-z0-9]/.test(stem) ? ascii : `file${extension}`;
}

/**
 * A Content-Disposition header that keeps any file name intact: `filename="<ascii fallback>"` for old clients and
 * `filename*=UTF-8''<percent-encoded>` (RFC 8187) whenever the name is not plain ASCII, so Hebrew names survive.
 */
export function formatContentDisposition(type: 'inline' | 'attachment', filename: string): string {
  return create(filename, { type, fallback: asciiFallbackName(filename) });
}
