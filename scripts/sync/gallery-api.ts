import { MAX_KNOWN_HASHES } from '../../shared/schemas/api-keys';

/** Where the files go: an event (by id) or a client's folder, as the upload metadata names them. */
export type Target = { event: string; label: string } | { folder: string; label: string };

/** The server could not be reached, or answered 5xx: worth trying again later. */
export class ServerUnreachable extends Error {}
/** The key was refused (401): wrong or revoked. Trying again will not help. */
export class KeyRefused extends Error {
  constructor() {
    super(
      'The server refused the key (GALLERY_API_KEY): it is wrong or was revoked. Make a new one in the admin panel, under "Sync keys".',
    );
  }
}
/** Anything else the server said no to, with its message. */
export class Refused extends Error {}

/** The admin API as the sync command uses it: with the key, no cookie. */
export function createGalleryApi(url: string, key: string) {
  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${url}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${key}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
      throw new ServerUnreachable(`Cannot reach ${url} (${cause}). Is the address right, and the network up?`);
    }
    if (response.status === 401) throw new KeyRefused();
    if (response.status >= 500)
      throw new ServerUnreachable(`${url} answered ${response.status}; trying again later may help.`);
    const answer = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
    if (!response.ok) throw new Refused(answer?.error?.message ?? `The server answered ${response.status}.`);
    return answer as T;
  }

  return {
    /** The event with this address (slug), or the client with this e-mail address: where their files go. */
    async resolveTarget(wanted: { event: string } | { client: string }): Promise<Target> {
      if ('event' in wanted) {
        const { events } = await call<{ events: Array<{ id: string; slug: string; name: string }> }>(
          'GET',
          '/api/admin/events',
        );
        const event = events.find((candidate) => candidate.slug === wanted.event);
        if (!event) throw new Refused(`There is no event with the address "${wanted.event}".`);
        return { event: event.id, label: `event ${event.slug}` };
      }
      const clients = await call<{ items: Array<{ email: string; folder: string }> }>('GET', '/api/admin/clients');
      const client = clients.items.find((candidate) => candidate.email.toLowerCase() === wanted.client);
      if (!client) throw new Refused(`There is no client with the address ${wanted.client}.`);
      return { folder: client.folder, label: `client ${client.email}` };
    },

    /** Which of these contents (MD5, base64) the target already has. */
    async known(target: Target, md5: string[]): Promise<Set<string>> {
      const found = new Set<string>();
      const where = 'event' in target ? { event: target.event } : { folder: target.folder };
      for (let start = 0; start < md5.length; start += MAX_KNOWN_HASHES) {
        const batch = md5.slice(start, start + MAX_KNOWN_HASHES);
        const answer = await call<{ known: string[] }>('POST', '/api/admin/uploads/known', { ...where, md5: batch });
        for (const hash of answer.known) found.add(hash);
      }
      return found;
    },
  };
}

export type GalleryApi = ReturnType<typeof createGalleryApi>;
