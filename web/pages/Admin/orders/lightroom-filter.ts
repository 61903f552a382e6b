import { fileStem } from '../../../../shared/file-names';

/**
 * An order's picks as one line for Lightroom's text filter, to find them in the catalogue and edit them: each file's
 * base name without its extension (the catalogue may hold the raw file under another one), each once, in the order
 * picked, joined by " OR " (`IMG_1234 OR IMG_1240`).
 */
export function lightroomFilterLine(names: readonly string[]): string {
  return [...new Set(names.map(fileStem))].join(' OR ');
}
