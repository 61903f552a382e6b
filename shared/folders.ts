/**
 * Client storage folders: a client's media lives in a folder first named after the e-mail address, with the
 * characters `. # $ [ ]` replaced by underscores (the original backend refused them in paths), so an imported tree of
 * the old layout keeps its names. The name says nothing about ownership: several addresses map to one name, so the
 * server gives each client a unique folder and decides access by account id (server/services/client-folders.ts).
 * The folder holds a hidden empty `.placeholder`, created with the client, that every listing ignores.
 */
export const FOLDER_PLACEHOLDER = '.placeholder';

/**
 * The folder of the public main gallery, the one folder no client owns. It is also the tus `folder` metadata value
 * that targets it, and its name is kept from the original backend's storage layout, so an imported tree matches.
 */
export const MAIN_GALLERY_FOLDER = 'MainGallery';

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
