import type { AgreementView } from '../../shared/schemas/agreements';
import type { AgreementRow } from '../repositories/agreement-repository';

export function presentAgreement(row: AgreementRow): AgreementView {
  return {
    id: row.id,
    userId: row.user_id,
    email: row.email,
    agreedAt: row.agreed_at,
    language: row.language,
    termsVersion: row.terms_version,
    userAgent: row.user_agent,
  };
}

const CSV_COLUMNS = ['id', 'userId', 'email', 'agreedAt', 'language', 'termsVersion', 'userAgent'] as const;

/**
 * One CSV line (RFC 4180). Cells that a spreadsheet would run as a formula (= + - @, tab, CR) are prefixed with
 * an apostrophe, because e-mails and user agents come from the public.
 */
function csvCell(value: string | null): string {
  let text = value ?? '';
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const AGREEMENTS_CSV_HEADER = `${CSV_COLUMNS.join(',')}\r\n`;

export function agreementCsvLine(row: AgreementRow): string {
  const view = presentAgreement(row);
  return `${CSV_COLUMNS.map((column) => csvCell(view[column])).join(',')}\r\n`;
}
