import { describe, expect, it } from 'vitest';
import { normalizeIsraeliMobile, paymentReportRequestSchema, paymentSettingsRequestSchema } from './payments';

/** The settings with one method, as the panel sends them. */
const withMethod = (method: unknown) => paymentSettingsRequestSchema.safeParse({ methods: [method], reminderDays: 3 });
/** The reasons of what the schema refused, by field. */
const refusals = (method: unknown) => {
  const result = withMethod(method);
  if (result.success) return [];
  return result.error.issues.map((issue) => [
    issue.path.join('.'),
    (issue as { params?: { reason?: string } }).params?.reason ?? issue.code,
  ]);
};

describe('an Israeli mobile number', () => {
  it.each([
    ['050-1234567', '050-1234567'],
    ['0501234567', '050-1234567'],
    ['050 123 4567', '050-1234567'],
    ['  052-123-4567 ', '052-1234567'],
    ['+972 50-123-4567', '050-1234567'],
    ['+972501234567', '050-1234567'],
    ['00972 58 765 4321', '058-7654321'],
    ['+972 (54) 765.4321', '054-7654321'],
  ])('accepts %j as %s', (typed, stored) => {
    expect(normalizeIsraeliMobile(typed)).toBe(stored);
    expect(withMethod({ kind: 'bit', phone: typed }).data?.methods[0]).toEqual({ kind: 'bit', phone: stored });
  });

  it.each([
    ['a landline', '03-1234567'],
    ['too few digits', '050-123456'],
    ['too many digits', '050-12345678'],
    ['+972 with its 0 kept', '+972 050-123-4567'],
    ['another country', '+44 7911 123456'],
    ['letters', '050-CALL-ME'],
    ['nothing', ''],
  ])('refuses %s (%j)', (_what, typed) => {
    expect(normalizeIsraeliMobile(typed)).toBeNull();
    expect(refusals({ kind: 'bit', phone: typed })).toEqual([['methods.0.phone', 'israeli-mobile']]);
  });
});

describe('a payment link', () => {
  it.each([
    ['https://pay.example.com/dana', 'https://pay.example.com/dana'],
    ['  https://PAY.example.com ', 'https://pay.example.com/'],
    ['https://links.payboxapp.com/AbC?x=1', 'https://links.payboxapp.com/AbC?x=1'],
  ])('accepts %j as %s', (typed, stored) => {
    expect(withMethod({ kind: 'link', label: 'Card', url: typed }).data?.methods[0]).toEqual({
      kind: 'link',
      label: 'Card',
      url: stored,
    });
  });

  it.each([
    ['http', 'http://pay.example.com'],
    ['javascript', 'javascript:alert(1)'],
    ['data', 'data:text/html,<script>alert(1)</script>'],
    ['no scheme', 'pay.example.com'],
    ['a host without a dot', 'https://localhost/pay'],
    ['a password hidden in it', 'https://bank.example.com@evil.example/pay'],
    ['ftp', 'ftp://pay.example.com'],
    ['too long', `https://pay.example.com/${'x'.repeat(500)}`],
  ])('refuses %s', (_what, typed) => {
    expect(refusals({ kind: 'link', label: 'Card', url: typed })).toEqual([
      ['methods.0.url', typed.length > 500 ? 'too_big' : 'https-link'],
    ]);
    expect(refusals({ kind: 'paybox', link: typed })).toEqual([
      ['methods.0.link', typed.length > 500 ? 'too_big' : 'https-link'],
    ]);
  });
});

describe('the other methods', () => {
  it('takes PayBox by number or by link, not both and not neither', () => {
    expect(withMethod({ kind: 'paybox', phone: '0501234567' }).data?.methods[0]).toEqual({
      kind: 'paybox',
      phone: '050-1234567',
    });
    const both = { kind: 'paybox', phone: '0501234567', link: 'https://links.payboxapp.com/a' };
    expect(refusals(both)).toEqual([['methods.0.phone', 'required']]);
    expect(refusals({ kind: 'paybox' })).toEqual([['methods.0.phone', 'required']]);
  });

  it('takes bank details as lines of text, and a link only with its label', () => {
    expect(withMethod({ kind: 'bank', details: ' Bank Leumi\r\nBranch 800 ' }).data?.methods[0]).toEqual({
      kind: 'bank',
      details: 'Bank Leumi\nBranch 800',
    });
    expect(refusals({ kind: 'bank', details: '   ' })).toEqual([['methods.0.details', 'required']]);
    expect(refusals({ kind: 'link', label: '', url: 'https://pay.example.com' })).toEqual([
      ['methods.0.label', 'required'],
    ]);
    expect(refusals({ kind: 'cheque' })).toEqual([['methods.0.kind', 'invalid_union']]);
  });

  it('takes whole reminder days from 0 to 60', () => {
    for (const days of [0, 3, 60]) {
      expect(paymentSettingsRequestSchema.safeParse({ methods: [], reminderDays: days }).success).toBe(true);
    }
    for (const days of [-1, 61, 2.5, '3']) {
      expect(paymentSettingsRequestSchema.safeParse({ methods: [], reminderDays: days }).success).toBe(false);
    }
  });

  it('takes a report of one of the kinds, with an optional note of bounded length', () => {
    expect(paymentReportRequestSchema.parse({ method: 'cash' })).toEqual({ method: 'cash', note: '' });
    expect(paymentReportRequestSchema.safeParse({ method: 'card' }).success).toBe(false);
    expect(paymentReportRequestSchema.safeParse({ method: 'bit', note: 'x'.repeat(501) }).success).toBe(false);
  });
});
