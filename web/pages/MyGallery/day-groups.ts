import type { MediaView } from '../../../shared/schemas/media';

export interface DayGroup {
  /** The day as YYYY-MM-DD in the viewer's time zone, or '' for items that carry no date. */
  key: string;
  /** The day spelled in the page's language ("24 November 2026"), or null without a date. */
  label: string | null;
  /** The items of that day in gallery order, each with its place on the page. */
  items: Array<{ item: MediaView; index: number }>;
}

function dayKey(date: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}

/**
 * A page's items in runs of the same day (the day each was added, in the viewer's time zone), in gallery order: a run
 * starts wherever the day changes, so a gallery in upload order reads as one heading per event day.
 */
export function groupByDay(items: MediaView[], language: string): DayGroup[] {
  const format = new Intl.DateTimeFormat(language, { dateStyle: 'long' });
  const groups: DayGroup[] = [];
  items.forEach((item, index) => {
    const date = item.addedAt ? new Date(item.addedAt) : null;
    const valid = date !== null && !Number.isNaN(date.getTime());
    const key = valid ? dayKey(date) : '';
    const last = groups.at(-1);
    if (last && last.key === key) {
      last.items.push({ item, index });
      return;
    }
    groups.push({ key, label: valid ? format.format(date) : null, items: [{ item, index }] });
  });
  return groups;
}
