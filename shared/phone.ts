/**
 * Phone numbers as people write them, without the validation schema (shared/schemas/phone.ts), so a page that only
 * shows a number as a link does not load the validation library with it.
 */
export function digitsOf(phone: string): string {
  return phone.replace(/\D/g, '');
}

/** The tel: link of a number: its digits, with the + of an international number kept. */
export function telHref(phone: string): string {
  return `tel:${phone.trim().startsWith('+') ? '+' : ''}${digitsOf(phone)}`;
}
