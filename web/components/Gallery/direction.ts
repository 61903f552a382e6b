/** Reading direction of the page: in RTL "next" lies to the left. */
export type Direction = 'ltr' | 'rtl';

/** The smallest horizontal travel (CSS pixels) that counts as a swipe. */
export const SWIPE_MIN_DISTANCE = 50;

/**
 * The step a key means in the lightbox: +1 next, -1 previous, 0 nothing. ArrowRight is "next" in LTR and
 * "previous" in RTL, because the next item sits further along the reading direction.
 */
export function stepForKey(key: string, direction: Direction): -1 | 0 | 1 {
  if (key !== 'ArrowRight' && key !== 'ArrowLeft') return 0;
  const towardsEnd = key === (direction === 'rtl' ? 'ArrowLeft' : 'ArrowRight');
  return towardsEnd ? 1 : -1;
}

/**
 * The step a swipe means: a finger moving against the reading direction pulls in the next item (leftwards in LTR,
 * rightwards in RTL), as when turning a page. Mostly vertical or short moves are not swipes.
 */
export function stepForSwipe(dx: number, dy: number, direction: Direction): -1 | 0 | 1 {
  if (Math.abs(dx) < SWIPE_MIN_DISTANCE || Math.abs(dx) < Math.abs(dy) * 1.5) return 0;
  const leftwards = dx < 0;
  return leftwards === (direction === 'ltr') ? 1 : -1;
}

/** The document's direction as the server and i18n set it on <html>. */
export function documentDirection(): Direction {
  return document.documentElement.dir === 'rtl' ? 'rtl' : 'ltr';
}
