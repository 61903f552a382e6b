import type { PaymentKind, PaymentMethodEntry } from '../../../../shared/schemas/payments';
import { ApiError } from '../../../api/client';

/**
 * A payment method as the panel edits it. A new bank method is typed as four fields and saved as their lines; one
 * already saved is edited as the text clients read.
 */
export type MethodDraft = { key: string } & (
  | { kind: 'bit'; phone: string }
  | { kind: 'paybox'; by: 'phone' | 'link'; phone: string; link: string }
  | { kind: 'bank'; details: string | null; bank: string; branch: string; account: string; holder: string }
  | { kind: 'cash' }
  | { kind: 'link'; label: string; url: string }
);

let drafted = 0;
const nextKey = () => `method-${++drafted}`;

/** An empty method of `kind`, as "Add" makes it. */
export function newDraft(kind: PaymentKind): MethodDraft {
  const key = nextKey();
  switch (kind) {
    case 'bit':
      return { key, kind, phone: '' };
    case 'paybox':
      return { key, kind, by: 'phone', phone: '', link: '' };
    case 'bank':
      return { key, kind, details: null, bank: '', branch: '', account: '', holder: '' };
    case 'cash':
      return { key, kind };
    case 'link':
      return { key, kind, label: '', url: '' };
  }
}

/** A saved method, to edit. */
export function draftOf(method: PaymentMethodEntry): MethodDraft {
  const key = nextKey();
  switch (method.kind) {
    case 'bit':
      return { key, ...method };
    case 'paybox':
      return 'phone' in method
        ? { key, kind: 'paybox', by: 'phone', phone: method.phone, link: '' }
        : { key, kind: 'paybox', by: 'link', phone: '', link: method.link };
    case 'bank':
      return { key, kind: 'bank', details: method.details, bank: '', branch: '', account: '', holder: '' };
    case 'cash':
      return { key, kind: 'cash' };
    case 'link':
      return { key, ...method };
  }
}

/** The four bank fields, in the order clients read them, and the key of each one's label. */
export const BANK_FIELDS = ['bank', 'branch', 'account', 'holder'] as const;
export const BANK_FIELD_LABELS: Record<(typeof BANK_FIELDS)[number], string> = {
  bank: 'payment.admin.bankName',
  branch: 'payment.admin.bankBranch',
  account: 'payment.admin.bankAccount',
  holder: 'payment.admin.bankHolder',
};

/**
 * What the server is sent for a draft. A new bank method's fields become lines "Bank: …" with the labels of the
 * panel's language (`translate`); empty ones are left out, and the server refuses bank details with no line at all.
 */
export function requestOf(draft: MethodDraft, translate: (key: string) => string): unknown {
  switch (draft.kind) {
    case 'bit':
      return { kind: 'bit', phone: draft.phone };
    case 'paybox':
      return draft.by === 'phone' ? { kind: 'paybox', phone: draft.phone } : { kind: 'paybox', link: draft.link };
    case 'bank': {
      if (draft.details !== null) return { kind: 'bank', details: draft.details };
      const lines = BANK_FIELDS.filter((field) => draft[field].trim() !== '').map(
        (field) => `${translate(BANK_FIELD_LABELS[field])}: ${draft[field].trim()}`,
      );
      return { kind: 'bank', details: lines.join('\n') };
    }
    case 'cash':
      return { kind: 'cash' };
    case 'link':
      return { kind: 'link', label: draft.label, url: draft.url };
  }
}

/**
 * Why the server refused each field, by its dotted name ("methods.1.phone"): the reason the schema named
 * (shared/schemas/payments.ts), or "invalid".
 */
export function refusedFields(error: unknown): Map<string, string> {
  const fields = error instanceof ApiError ? (error.details as { fields?: unknown } | undefined)?.fields : null;
  if (!Array.isArray(fields)) return new Map();
  return new Map(
    fields.flatMap((item: { field?: unknown; reason?: unknown }) =>
      typeof item.field === 'string' ? [[item.field, typeof item.reason === 'string' ? item.reason : 'invalid']] : [],
    ),
  );
}
