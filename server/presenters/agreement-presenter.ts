import type { AcceptTermsResponse, AgreementView } from '../../shared/schemas/agreements';
import type { AgreementRecord } from '../repositories/agreement-repository';
import { csvLine } from './csv';

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

export const AGREEMENTS_CSV_HEADER = csvLine(CSV_COLUMNS);

/** One acceptance as a CSV record; e-mails and user agents come from the public, so csvLine makes them safe. */
export function agreementCsvLine(record: AgreementRecord): string {
  const view = presentAgreement(record);
  return csvLine(CSV_COLUMNS.map((column) => view[column]));
}
