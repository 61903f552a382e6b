import type { Language } from '../../shared/i18n/languages';
import type { SessionUser } from '../../shared/schemas/session';
import { AppError } from '../errors';
import type { AgreementRepository, AgreementRow } from '../repositories/agreement-repository';
import { termsDocument } from './terms';

const USER_AGENT_MAX = 512;

/** Accepting the booking terms, and asking whether the current terms were accepted. */
export function createAgreementService(deps: { agreements: AgreementRepository; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  return {
    /** The terms in a language, and when this user accepted exactly this version (null if never). */
    async current(language: Language, user: SessionUser | null) {
      const terms = termsDocument(language);
      const accepted = user ? await deps.agreements.latestFor(user.id, terms.version) : undefined;
      return { terms, acceptedAt: accepted?.agreed_at ?? null };
    },

    /**
     * Records that `user` accepted the terms shown in `language`. The time is the server's; the version must be
     * the current text's, so nobody can record agreement to words that were never shown.
     */
    async accept(input: { user: SessionUser; language: Language; termsVersion: string; userAgent: string }) {
      const terms = termsDocument(input.language);
      if (input.termsVersion !== terms.version) {
        throw new AppError('terms-changed', 'The terms have changed since they were shown. Please read them again.');
      }
      const agreedAt = now().toISOString();
      const row: AgreementRow = {
        id: `${input.user.id}_${Date.parse(agreedAt)}`,
        user_id: input.user.id,
        email: input.user.email || null,
        agreed_at: agreedAt,
        language: input.language,
        user_agent: input.userAgent.slice(0, USER_AGENT_MAX),
        terms_version: terms.version,
      };
      try {
        await deps.agreements.insert(row);
      } catch (error) {
        // The same user confirming twice within one millisecond collides on the id; the first record stands.
        const existing = await deps.agreements.latestFor(input.user.id, terms.version);
        if (!existing) throw error;
        return existing;
      }
      return row;
    },
  };
}

export type AgreementService = ReturnType<typeof createAgreementService>;
