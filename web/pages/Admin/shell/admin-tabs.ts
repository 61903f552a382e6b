/**
 * The panel's places. TABS is the desktop strip, in order; the first is where /admin lands. On a phone the bottom bar
 * holds five destinations and "More" lists every other tab, so each tab is one tap or two away.
 */
export const TABS = [
  'today',
  'folders',
  'clients',
  'orders',
  'payments',
  'bookings',
  'events',
  'mainGallery',
  'watermark',
  'contactDetails',
  'apiKeys',
  'trash',
  'agreements',
] as const;
export type Tab = (typeof TABS)[number];

/** The phone's list of the tabs the bottom bar has no room for; it lives at /admin/more. */
export const MORE = 'more';
export const MORE_TABS = [
  'mainGallery',
  'payments',
  'bookings',
  'events',
  'watermark',
  'contactDetails',
  'apiKeys',
  'trash',
  'agreements',
] as const satisfies readonly Tab[];

/** Every place an address can name: the tabs and the More list. */
export const PLACES = [...TABS, MORE] as const;
export type Place = (typeof PLACES)[number];

/** The bottom bar's five destinations, with the key of each one's short label ("Uploads" is the folders tab). */
export const BAR = [
  { place: 'today', label: 'nav.today' },
  { place: 'clients', label: 'nav.clients' },
  { place: 'folders', label: 'nav.uploads' },
  { place: 'orders', label: 'nav.orders' },
  { place: MORE, label: 'nav.more' },
] as const satisfies ReadonlyArray<{ place: Place; label: string }>;

/** Which bar destination holds a place: a tab listed under More is reached through More. */
export function barPlaceOf(place: Place): Place {
  return (MORE_TABS as readonly Place[]).includes(place) ? MORE : place;
}
