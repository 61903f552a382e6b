/**
 * The admin panel's addresses: each tab is `/admin/<tab>` and a client folder `/admin/folders/<folder>`, so Back,
 * a reload and a shared link keep the place. A tab's address is its name in kebab case (`contactDetails` →
 * `contact-details`), except the main gallery, which is `/admin/gallery`.
 */
export const ADMIN_ROOT = '/admin';

const SLUG_EXCEPTIONS: Readonly<Record<string, string>> = { mainGallery: 'gallery' };

export function tabSlug(tab: string): string {
  return SLUG_EXCEPTIONS[tab] ?? tab.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

export function tabPath(tab: string): string {
  return `${ADMIN_ROOT}/${tabSlug(tab)}`;
}

export function folderPath(folder: string): string {
  return `${ADMIN_ROOT}/folders/${encodeURIComponent(folder)}`;
}

export type AdminPlace<Tab extends string> = { tab: Tab; folder: string | null };

/**
 * Where `pathname` points among `tabs`: `/admin` (and `/admin/`) is the first tab; an unknown address is null, so
 * the panel can send it to the first tab instead of showing nothing. The router hands over the path through
 * `decodeURI`, which leaves the reserved characters of a folder's name (`@`, `/`, `#`, `?`) escaped; they are decoded
 * here.
 */
export function parseAdminPath<Tab extends string>(pathname: string, tabs: readonly Tab[]): AdminPlace<Tab> | null {
  const [first] = tabs;
  if (first === undefined || !(pathname === ADMIN_ROOT || pathname.startsWith(`${ADMIN_ROOT}/`))) return null;
  const rest = pathname.slice(ADMIN_ROOT.length).replace(/^\/+|\/+$/g, '');
  if (rest === '') return { tab: first, folder: null };
  const [slug = '', ...tail] = rest.split('/');
  const tab = tabs.find((name) => tabSlug(name) === slug);
  if (!tab) return null;
  if (tail.length === 0) return { tab, folder: null };
  if (tab !== 'folders' || tail.length !== 1) return null;
  const segment = tail[0] ?? '';
  if (!segment) return null;
  try {
    return { tab, folder: decodeURIComponent(segment) };
  } catch {
    // The router has decoded everything but the reserved characters already; a lone % is the name's own.
    return { tab, folder: segment };
  }
}
