import type { AcceptTermsResponse, AgreementView } from '../../shared/schemas/agreements';
import type { AgreementRecord } from '../repositories/agreement-repository';

export function presentAgreement(record: AgreementRecord): AgreementView {
  return {
    id: record.id,
    userId: record.userId,
    email: record.email,
    agreedAt: record.agreedAt,
    language: record.language,
    termsVersion: record.termsVersion,
    userAgent: record.userAgent,
  };
}

/** The answer to an acceptance: what the browser needs to show it, nothing about the visitor. */
export function presentAcceptedTerms(record: AgreementRecord): AcceptTermsResponse {
  return { id: record.id, agreedAt: record.agreedAt, termsVersion: record.termsVersion };
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

export function agreementCsvLine(record: AgreementRecord): string {
  const view = presentAgreement(record);
  return `${CSV_COLUMNS.map((column) => csvCell(view[column])).join(',')}\r\n`;
}
