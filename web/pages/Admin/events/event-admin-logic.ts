import { type StartListProblemDetail, startListProblemSchema } from '../../../../shared/schemas/start-list';
import { dateToZonedTime, zonedTimeToDate } from '../../../../shared/zoned-time';
import { ApiError } from '../../../api/client';

/** Pure helpers of the admin's Events tab: start-list errors, selection, time. */

/**
 * One line of a refused start list: the spreadsheet row (0 for the file as a whole), the problem as its code and
 * parameters when the panel knows the code (it then words it in the admin's language), and the server's English.
 */
export interface StartListProblem {
  line: number;
  known: StartListProblemDetail | null;
  message: string;
}

/**
 * The problems of a refused start list (400 `invalid-start-list`, details.problems), by line, or null when the error
 * is something else (the network, a lost session).
 */
export function startListProblems(error: unknown): StartListProblem[] | null {
  if (!(error instanceof ApiError) || error.code !== 'invalid-start-list') return null;
  const details = error.details as { line?: unknown; problems?: unknown } | undefined;
  const raw = Array.isArray(details?.problems) ? details.problems : [];
  const problems = raw.flatMap((item): StartListProblem[] => {
    if (!item || typeof item !== 'object') return [];
    const parsed = startListProblemSchema.safeParse(item);
    if (parsed.success) return [{ line: parsed.data.line, known: parsed.data, message: parsed.data.message }];
    // A code this panel does not know yet (a newer server): its English words are still shown.
    const { line, message } = item as Record<string, unknown>;
    return [
      { line: typeof line === 'number' ? line : 0, known: null, message: typeof message === 'string' ? message : '' },
    ];
  });
  if (problems.length > 0) return problems.sort((a, b) => a.line - b.line);
  const line = typeof details?.line === 'number' ? details.line : 0;
  return [{ line, known: null, message: error.message }];
}

/**
 * A wall-clock time at the event (`2026-05-14T09:31:10`, as a datetime-local field gives it) as an ISO instant, read
 * in the event's time zone rather than the browser's; null when it is not a time.
 */
export function zonedTimeToIso(local: string, timeZone: string): string | null {
  try {
    return zonedTimeToDate(local, timeZone).toISOString();
  } catch {
    return null;
  }
}

/** An instant as a datetime-local value in the event's time zone (to start the "true time" field from a photo). */
export function isoToZonedTime(iso: string, timeZone: string): string {
  const instant = new Date(iso);
  return Number.isNaN(instant.getTime()) ? '' : dateToZonedTime(instant, timeZone);
}

/** The classes of a start list with their round lengths: the set ones, else the default. */
export function classRounds(
  entryClasses: readonly string[],
  configured: ReadonlyArray<{ name: string; roundSeconds: number }>,
  defaultSeconds: number,
): Array<{ name: string; roundSeconds: number; set: boolean }> {
  const set = new Map(configured.map((item) => [item.name, item.roundSeconds]));
  const names = [...new Set([...entryClasses, ...configured.map((item) => item.name)])];
  return names.map((name) => ({
    name,
    roundSeconds: set.get(name) ?? defaultSeconds,
    set: set.has(name),
  }));
}

/**
 * Every camera of an event: the ones with a clock offset set, and the ones its photos name (offset 0 until set), in
 * name order.
 */
export function camerasOf(
  configured: ReadonlyArray<{ camera: string; offsetSeconds: number }>,
  photos: ReadonlyArray<{ camera: string | null }>,
): Array<{ camera: string; offsetSeconds: number }> {
  const offsets = new Map(configured.map((item) => [item.camera, item.offsetSeconds]));
  for (const photo of photos) if (photo.camera && !offsets.has(photo.camera)) offsets.set(photo.camera, 0);
  return [...offsets]
    .map(([camera, offsetSeconds]) => ({ camera, offsetSeconds }))
    .sort((a, b) => (a.camera < b.camera ? -1 : a.camera > b.camera ? 1 : 0));
}

/** The link to share for an event: with its key when it is unlisted. */
export function eventLink(origin: string, slug: string, visibility: string, accessKey: string): string {
  const path = `${origin}/events/${encodeURIComponent(slug)}`;
  return visibility === 'unlisted' ? `${path}?key=${encodeURIComponent(accessKey)}` : path;
}
