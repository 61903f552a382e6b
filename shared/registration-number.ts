/**
 * The number an Israeli business is registered under: a person's ID number (an עוסק מורשה or עוסק פטור files under
 * it), a company's (ח.פ.) or an association's (ע.ר.). All are nine digits, the last a check digit under one rule, so
 * a mistyped digit is caught before it is printed on every receipt.
 */
export const REGISTRATION_NUMBER_LENGTH = 9;

/** The number as people write it ("51-234567-8", "123 456 782") without its spaces and dashes. */
export function registrationDigits(text: string): string {
  return text.replace(/[\s-]/g, '');
}

/**
 * The check digit rule of Israeli ID and company numbers: the digits are weighted 1, 2, 1, 2, … from the left, a
 * two-digit product counts as the sum of its digits, and the total is a multiple of 10.
 */
export function hasValidCheckDigit(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let total = 0;
  for (let i = 0; i < digits.length; i++) {
    const product = Number(digits[i]) * (i % 2 === 0 ? 1 : 2);
    total += product > 9 ? product - 9 : product;
  }
  return total % 10 === 0;
}
