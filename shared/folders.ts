/**
 * User storage folders (spec §3): each user's media lives in a folder named after the e-mail address, with the
 * characters `. # $ [ ]` replaced by underscores (the original backend refused them in paths). The folder holds a
 * hidden empty `.placeholder`, created at sign-up, that every listing ignores.
 */
export const FOLDER_PLACEHOLDER = '.placeholder';

/** 'dana.cohen@example.com' → 'dana_cohen@example_com'. The address is lower-cased first, as accounts store it. */
export function folderNameForEmail(email: string): string {
  return email
    .trim()
    .toLowerCase()
    .replace(/[.#$[\]]/g, '_');
}

/** The storage key of the placeholder that marks a user's folder as existing. */
export function placeholderKeyForEmail(email: string): string {
  return `${folderNameForEmail(email)}/${FOLDER_PLACEHOLDER}`;
}

/** True for the hidden placeholder, which listings leave out. */
export function isFolderPlaceholder(key: string): boolean {
  return key === FOLDER_PLACEHOLDER || key.endsWith(`/${FOLDER_PLACEHOLDER}`);
}
