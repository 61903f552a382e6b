/** A tile's shape in the collage: the pattern repeats one wide tile, then two half-width tiles. */
export type TileVariant = 'wide' | 'half';

const PATTERN: readonly TileVariant[] = ['wide', 'half', 'half'];

/** The variant of the tile at `index` (0-based) on a page. */
export function tileVariant(index: number): TileVariant {
  return PATTERN[((index % PATTERN.length) + PATTERN.length) % PATTERN.length] ?? 'half';
}

/**
 * The `sizes` attribute of a tile: a wide tile spans the content column, a half tile half of it (both full width
 * on a phone). The column is at most 72rem (1152 px) wide.
 */
export function tileSizes(variant: TileVariant): string {
  return variant === 'wide'
    ? '(max-width: 1200px) 100vw, 1152px'
    : '(max-width: 640px) 100vw, (max-width: 1200px) 50vw, 576px';
}
