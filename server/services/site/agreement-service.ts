import type { Language } from '../../../shared/i18n/languages';
import type { SessionUser } from '../../../shared/schemas/session';
import { AppError } from '../../errors';
import type { AgreementRecord, AgreementRepository } from '../../repositories/agreement-repository';
import type { PhotographerNotices } from './admin-notify';
import { termsDocument } from './terms';

const USER_AGENT_MAX = 512;

export interface AgreementServiceDeps {
  agreements: AgreementRepository;
  /** Told of the first acceptance of each version by each account. */
  notices?: Pick<PhotographerNotices, 'acceptedTerms'>;
  now?: () => Date;
}

/** Accepting the booking terms, asking whether the current terms were accepted, and the admin's audit trail. */
export function createAgreementService(deps: AgreementServiceDeps) {
  const now = deps.now ?? (() => new Date());
  return {
    /** The terms in a language, and when this user accepted exactly this version (null if never). */
    async current(language: Language, user: SessionUser | null) {
      const terms = termsDocument(language);
      const accepted = user ? await deps.agreements.latestFor(user.id, terms.version) : undefined;
      return { terms, acceptedAt: accepted?.agreedAt ?? null };
    },

    /**
     * Records that `user` accepted the terms shown in `language`. The time is the server's; the version must be
     * the current text's, so nobody can record agreement to words that were never shown. Every acceptance is
     * recorded, but the photographer hears only of an account's first one of a version: accepting again is no news,
     * and must not let anyone fill the photographer's mailbox.
     */
    async accept(input: {
      user: SessionUser;
      language: Language;
      termsVersion: string;
      userAgent: string;
    }): Promise<AgreementRecord> {
      const terms = termsDocument(input.language);
      if (input.termsVersion !== terms.version) {
        throw new AppError('terms-changed', 'The terms have changed since they were shown. Please read them again.');
      }
      const earlier = await deps.agreements.latestFor(input.user.id, terms.version);
      const agreedAt = now().toISOString();
      const record: AgreementRecord = {
        id: `${input.user.id}_${Date.parse(agreedAt)}`,
        userId: input.user.id,
        email: input.user.email || null,
        agreedAt,
        language: input.language,
        userAgent: input.userAgent.slice(0, USER_AGENT_MAX),
        termsVersion: terms.version,
      };
      try {
        await deps.agreements.insert(record);
      } catch (error) {
        // The same user confirming twice within one millisecond collides on the id; the first record stands. Any
        // other failure is a failure: answering an older acceptance would acknowledge a write that never happened.
        const existing = await deps.agreements.latestFor(input.user.id, terms.version);
        if (existing?.id !== record.id) throw error;
        return existing;
      }
      if (!earlier) await deps.notices?.acceptedTerms(input.user);
      return record;
    },

    /** Newest first, a page of at most `limit` acceptances before `before` (the admin's audit view). */
    list(options: { limit: number; before?: string }): Promise<AgreementRecord[]> {
      return deps.agreements.list(options);
    },

    /** Every acceptance, oldest first, streamed in batches (the CSV export). */
    all(): AsyncGenerator<AgreementRecord> {
      return deps.agreements.all();
    },
  };
}

export type AgreementService = ReturnType<typeof createAgreementService>;
