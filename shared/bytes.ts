import { isolateFor } from './bidi';

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/**
 * A size the way people read it, in their language's digits and units ("3.3 MB", "3,3 Mo", "3.3 م.ب"): Intl's unit
 * style with decimal units (1 MB = 1000 kB, as Intl names them), one decimal above bytes. In a right-to-left language
 * the result is isolated (FSI … PDI), so "3.3 MB" keeps its order inside a Hebrew sentence instead of reading
 * "MB 3.3"; it can go into a translation's placeholder or straight into the page.
 */
export function formatBytes(bytes: number, language: string): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  const text = new Intl.NumberFormat(language, {
    style: 'unit',
    unit: UNITS[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
  return isolateFor(language, text);
}
