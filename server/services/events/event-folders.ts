/** The storage folder of an event's photos: `_`-prefixed, so no client folder or upload can ever name it. */
export function eventFolder(eventId: string): string {
  return `_event-${eventId}`;
}

/** The event whose photos live in `folder`, if it is an event folder. */
export function eventIdOfFolder(folder: string): string | null {
  return folder.startsWith('_event-') ? folder.slice('_event-'.length) : null;
}
