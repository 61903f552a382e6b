import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keepPageLanguage, keptPageLanguage, learnPageLanguage } from './offline';

/** CacheStorage as the worker sees it, in memory: named caches of answers by address. */
function memoryCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const keyOf = (request: RequestInfo | URL) => (typeof request === 'string' ? request : String(request));
  const open = async (name: string) => {
    const store = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, store);
    return {
      match: async (request: RequestInfo | URL) => store.get(keyOf(request))?.clone(),
      put: async (request: RequestInfo | URL, response: Response) => void store.set(keyOf(request), response),
    };
  };
  const clear = () => stores.clear();
  return { caches: { open } as unknown as CacheStorage, clear };
}

const page = (language: string, status = 200) =>
  new Response('<!doctype html>', { status, headers: { 'content-language': language } });

describe('the language of the last page the server sent', () => {
  let storage: ReturnType<typeof memoryCaches>;
  beforeEach(() => {
    storage = memoryCaches();
    globalThis.caches = storage.caches;
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'caches');
  });

  it('is kept, and replaced by the next page in another language; an error page does not count', async () => {
    await learnPageLanguage(page('he'));
    expect(await keptPageLanguage()).toBe('he');
    await learnPageLanguage(page('ar', 503));
    expect(await keptPageLanguage()).toBe('he');
    await learnPageLanguage(new Response('{}'));
    expect(await keptPageLanguage()).toBe('he');
    await learnPageLanguage(page('fr'));
    expect(await keptPageLanguage()).toBe('fr');
  });

  it('is written again by the next page after a sign-out emptied the caches, in the same language as before', async () => {
    await learnPageLanguage(page('he'));
    storage.clear();
    expect(await keptPageLanguage()).toBeNull();
    await learnPageLanguage(page('he'));
    expect(await keptPageLanguage()).toBe('he');
  });

  it('is the language a page names when the visitor chooses one, if it is one of the site’s', async () => {
    await keepPageLanguage('ru');
    expect(await keptPageLanguage()).toBe('ru');
    for (const unknown of ['de', '', 'he-IL', '<b>he</b>']) await keepPageLanguage(unknown);
    expect(await keptPageLanguage()).toBe('ru');
  });
});
