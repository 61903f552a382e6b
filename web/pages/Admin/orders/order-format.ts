import { AGOROT_PER_SHEKEL } from '../../../../shared/pricing';

/** Today in the photographer's own calendar, as the date input writes it (YYYY-MM-DD). */
export function todayIso(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A calendar date (YYYY-MM-DD) in the reader's language, read as that day wherever the browser is. */
export function formatDay(day: string, language: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  const date = match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : new Date(day);
  return Number.isNaN(date.getTime()) ? day : new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(date);
}

/** Shekels as typed ("6", "6.5", "6,50") to whole agorot, or null when it is not an amount. */
export function agorotFromInput(value: string): number | null {
  const text = value.trim().replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  return Math.round(Number(text) * AGOROT_PER_SHEKEL);
}
