/**
 * Client storage folders: a client's media lives in a folder first named after the e-mail address, with the
 * characters `. # $ [ ]` replaced by underscores (the original backend refused them in paths), so an imported tree of
 * the old layout keeps its names. The name says nothing about ownership: several addresses map to one name, so the
 * server gives each client a unique folder and decides access by account id (server/services/galleries/client-folders.ts).
 * The folder holds a hidden empty `.placeholder`, created with the client, that every listing ignores.
 */
export const FOLDER_PLACEHOLDER = '.placeholder';

/**
 * The folder of the public main gallery, the one folder no client owns. It is also the tus `folder` metadata value
 * that targets it, and its name is kept from the original backend's storage layout, so an imported tree matches.
 */
export const MAIN_GALLERY_FOLDER = 'MainGallery';

/**
 * Whether the site itself owns `folder`: the main gallery, or a name starting with `_` or `.`, which are the server's
 * own (`_derived`, a competition's `_event-<id>`) and which no upload may name. Such a folder is never a client's:
 * it is not listed as a folder without an owner, and the server refuses to give it to anyone.
 */
export function isSiteFolder(folder: string): boolean {
  return folder === MAIN_GALLERY_FOLDER || folder.startsWith('_') || folder.startsWith('.');
}

/** 'dana.cohen@example.com' → 'dana_cohen@example_com'. The address is lower-cased first, as accounts store it. */
export function folderNameForEmail(email: string): string {
  return email
    .trim()
    .toLowerCase()
    .replace(/[.#$[\]]/g, '_');
}

/** True for the hidden placeholder, which listings leave out. */
export function isFolderPlaceholder(key: string): boolean {
  return key === FOLDER_PLACEHOLDER || key.endsWith(`/${FOLDER_PLACEHOLDER}`);
}
