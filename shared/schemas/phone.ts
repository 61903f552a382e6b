import { z } from 'zod';
import { digitsOf } from '../phone';

/** What a phone number may hold as typed: digits, spaces and + ( ) - . (as people write them on a card). */
const PHONE_CHARACTERS = /^\+?[0-9()\-. ]+$/;
/** ITU E.164 numbers have at most 15 digits; no real number, local or international, has fewer than 7. */
const MIN_DIGITS = 7;
const MAX_DIGITS = 15;

/**
 * A phone number as a person types it ("050-123 4567", "+972 50 123 4567"), trimmed, with its spaces collapsed. The
 * booking request, the photographer's contact details and a client's record all use it, so one rule decides what a
 * phone number is.
 */
export const phoneSchema = z
  .string()
  .trim()
  .max(30)
  .transform((value) => value.replace(/\s+/g, ' '))
  .refine((value) => PHONE_CHARACTERS.test(value), 'Use digits, spaces and + ( ) - only.')
  .refine((value) => {
    const count = digitsOf(value).length;
    return count >= MIN_DIGITS && count <= MAX_DIGITS;
  }, `A phone number has ${MIN_DIGITS} to ${MAX_DIGITS} digits.`);

/** A phone number a form may leave empty: "" (or only spaces) is null, no number. */
export const optionalPhoneSchema = z
  .string()
  .trim()
  .transform((value) => (value === '' ? null : value))
  .pipe(phoneSchema.nullable());
