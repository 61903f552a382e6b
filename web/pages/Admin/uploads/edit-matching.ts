import { extensionOf, MEDIA_EXTENSIONS, sanitizeFileName } from '../../../../shared/file-names';

/**
 * Which item of a folder an edited export puts back: `IMG_1234-Edit.tif` replaces `IMG_1234.jpg`. Pure; the "Upload
 * edits" dialog shows the outcome and the photographer decides every case it could not settle on its own.
 *
 * The rule, precision first:
 * - Names compare by base name (no extension), case-insensitively, after the upload file-name rule, so a file
 *   compares with the name the server stored for its original (`IMG 1234.jpg` was stored as `IMG_1234.jpg`).
 * - A file's own base name is looked up first; only when no item has it are export suffixes taken off the end, one
 *   at a time, looking up after each: the most specific name that exists wins. So `IMG_1234-2` is the item named
 *   `IMG_1234-2` when there is one, and `client_5_2-Edit` finds `client_5_2`, not `client_5`.
 * - Nothing is taken off but the suffixes export tools add: `IMG_12345` never becomes `IMG_1234`, and the server's
 *   own `_2` for a taken name is not a suffix (it is part of the item's name).
 * - A file whose base name belongs to several items, and an item that several files would replace, are conflicts:
 *   the photographer chooses, nothing is picked silently.
 */

/** What matching reads of an item: its id and stored name. */
export interface MatchableItem {
  id: string;
  name: string;
}

export type EditMatch<F, I> =
  /** The one item this file replaces. */
  | { kind: 'replace'; file: F; item: I }
  /** No item has this name: the file is offered as a new item. */
  | { kind: 'new'; file: F }
  /**
   * `same-name`: several items have the base name the file found (the candidates); `claimed-twice`: the one item the
   * file found is claimed by another file too.
   */
  | { kind: 'conflict'; file: F; candidates: I[]; reason: 'same-name' | 'claimed-twice' };

/**
 * One suffix an export adds at the end of a base name (already lower-cased and with spaces made `_`):
 * `-edit`/`_edit`/`-edited` (Lightroom's and Photoshop's edit copies), `-copy`, `-enhanced`, `-enhanced-nr`/`-sr`/`-rd`
 * (Lightroom's Enhance), `-2` (a second export of the same photo, up to three digits) and `_(1)` (`IMG_1234 (1).jpg`,
 * a browser's or the system's copy).
 */
const EXPORT_SUFFIX = /(?:[-_](?:edit(?:ed)?|copy|enhanced(?:[-_](?:nr|sr|rd))?)|-\d{1,3}|_?\(\d{1,3}\))$/;

/** The name as matching compares it: the stored form of the name, without its extension, lower-cased. */
export function baseNameOf(name: string): string {
  const stored = sanitizeFileName(name);
  return stored.slice(0, stored.lastIndexOf('.')).toLowerCase();
}

/** The base name without its last export suffix, or null when it ends with none. */
export function withoutExportSuffix(base: string): string | null {
  const stripped = base.replace(EXPORT_SUFFIX, '');
  return stripped === base || stripped === '' ? null : stripped;
}

/** The folder's items by base name, built once (O(items)) so each file is a few map look-ups. */
export type ItemIndex<I> = Map<string, I[]>;

export function indexItems<I extends MatchableItem>(items: readonly I[]): ItemIndex<I> {
  const index: ItemIndex<I> = new Map();
  for (const item of items) {
    const base = baseNameOf(item.name);
    const same = index.get(base);
    if (same) same.push(item);
    else index.set(base, [item]);
  }
  return index;
}

/** `jpg` and `jpeg` are one type; an extension we do not know stands for itself. */
function typeOf(name: string): string {
  const extension = extensionOf(name);
  return MEDIA_EXTENSIONS[extension as keyof typeof MEDIA_EXTENSIONS] ?? extension;
}

/**
 * The items a file's name finds: those of its own base name, else of the longest name left after taking export
 * suffixes off. Among several items of one base name (`IMG_1234.jpg` and `IMG_1234.mov`), the one of the file's own
 * type is taken when it is the only one; otherwise all are candidates.
 */
export function candidatesFor<I extends MatchableItem>(fileName: string, index: ItemIndex<I>): I[] {
  let base: string | null = baseNameOf(fileName);
  while (base !== null) {
    const found = index.get(base);
    if (found) {
      const sameType = found.filter((item) => typeOf(item.name) === typeOf(fileName));
      return sameType.length === 1 ? sameType : found;
    }
    base = withoutExportSuffix(base);
  }
  return [];
}

/** Files matched between two yields to the page: a few hundred files and thousands of items never freeze it. */
const FILES_PER_CHUNK = 100;

/** Lets the page paint and answer input before the next chunk. */
const yieldToPage = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export interface MatchOptions {
  chunkSize?: number;
  /** Awaited between chunks (tests count the calls). */
  pause?: () => Promise<void>;
}

/** Every file's match, in the files' order. */
export async function matchEdits<F extends { name: string }, I extends MatchableItem>(
  files: readonly F[],
  items: readonly I[],
  { chunkSize = FILES_PER_CHUNK, pause = yieldToPage }: MatchOptions = {},
): Promise<EditMatch<F, I>[]> {
  const index = indexItems(items);
  const found: I[][] = [];
  for (let start = 0; start < files.length; start += chunkSize) {
    if (start > 0) await pause();
    for (const file of files.slice(start, start + chunkSize)) found.push(candidatesFor(file.name, index));
  }
  // How many files found each item as their only candidate: two or more make it a conflict for each of them.
  const claims = new Map<I, number>();
  for (const candidates of found) {
    const [only] = candidates;
    if (candidates.length === 1 && only) claims.set(only, (claims.get(only) ?? 0) + 1);
  }
  return files.map((file, i): EditMatch<F, I> => {
    const candidates = found[i] ?? [];
    const [only] = candidates;
    if (!only) return { kind: 'new', file };
    if (candidates.length > 1) return { kind: 'conflict', file, candidates, reason: 'same-name' };
    if ((claims.get(only) ?? 0) > 1) return { kind: 'conflict', file, candidates, reason: 'claimed-twice' };
    return { kind: 'replace', file, item: only };
  });
}
