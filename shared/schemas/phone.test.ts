import { describe, expect, it } from 'vitest';
import { createClientBodySchema, updateClientBodySchema } from './clients';
import { optionalPhoneSchema, phoneSchema } from './phone';

describe('phone numbers', () => {
  it('accepts a number as people write it, with its spaces collapsed', () => {
    expect(phoneSchema.parse(' 050-123  4567 ')).toBe('050-123 4567');
    expect(phoneSchema.parse('+972 (50) 123.4567')).toBe('+972 (50) 123.4567');
  });

  it('refuses letters, a + inside the number, and too few or too many digits', () => {
    for (const value of ['call me', '050 123 4567 ext', '050+1234567', '123456', '1234567890123456']) {
      expect(phoneSchema.safeParse(value).success, value).toBe(false);
    }
  });

  it('reads an empty optional number as no number', () => {
    expect(optionalPhoneSchema.parse('')).toBeNull();
    expect(optionalPhoneSchema.parse('   ')).toBeNull();
    expect(optionalPhoneSchema.parse('050 111 2222')).toBe('050 111 2222');
    expect(optionalPhoneSchema.safeParse('12').success).toBe(false);
  });

  it("checks a client's phone by the same rule, where an empty one clears it", () => {
    const client = { email: 'rider@example.com', fullName: 'Rider' };
    expect(createClientBodySchema.parse({ ...client, phone: '+972 50-123-4567' }).phone).toBe('+972 50-123-4567');
    expect(createClientBodySchema.parse({ ...client, phone: '' }).phone).toBeNull();
    expect(createClientBodySchema.safeParse({ ...client, phone: 'not a number' }).success).toBe(false);
    expect(updateClientBodySchema.parse({ phone: null }).phone).toBeNull();
    expect(updateClientBodySchema.parse({ phone: ' ' }).phone).toBeNull();
    expect(updateClientBodySchema.parse({}).phone).toBeUndefined();
    expect(updateClientBodySchema.safeParse({ phone: '12' }).success).toBe(false);
  });
});
