import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages';

export const termsDocumentSchema = z.object({
  language: z.enum(LANGUAGES),
  /** SHA-256 (hex) of the exact text below. */
  version: z.string(),
  title: z.string(),
  sections: z.array(z.object({ heading: z.string(), items: z.array(z.string()) })),
});

export type TermsDocument = z.infer<typeof termsDocumentSchema>;

/** GET /api/agreements/current: the terms in the asked language and, if signed in, when this version was accepted. */
export const currentTermsResponseSchema = z.object({
  terms: termsDocumentSchema,
  acceptedAt: z.string().nullable(),
});

export type CurrentTerms = z.infer<typeof currentTermsResponseSchema>;

export const acceptTermsRequestSchema = z.object({
  language: z.enum(LANGUAGES),
  /** The version the browser showed; refused with `terms-changed` when the terms changed meanwhile. */
  termsVersion: z.string().regex(/^[0-9a-f]{64}$/),
});

export const acceptTermsResponseSchema = z.object({
  id: z.string(),
  agreedAt: z.string(),
  termsVersion: z.string(),
});

export type AcceptTermsResponse = z.infer<typeof acceptTermsResponseSchema>;

export const agreementViewSchema = z.object({
  id: z.string(),
  userId: z.string(),
  email: z.string().nullable(),
  agreedAt: z.string(),
  language: z.string(),
  termsVersion: z.string(),
  userAgent: z.string(),
});

export type AgreementView = z.infer<typeof agreementViewSchema>;

export const agreementListResponseSchema = z.object({ items: z.array(agreementViewSchema) });
