import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createAnswerCache } from './answer-cache';
import { chooseEncoding } from './send-answer';

describe('answers kept as bytes', () => {
  it('serializes once and hands the same bytes to every later request until cleared', async () => {
    const cache = createAnswerCache();
    let made = 0;
    const produce = async () => ({ n: ++made });
    const first = await cache.get('k', produce);
    expect(first.body.toString()).toBe('{"n":1}');
    expect(await cache.get('k', produce)).toBe(first);
    cache.clear();
    expect((await cache.get('k', produce)).body.toString()).toBe('{"n":2}');
  });

  it('makes an answer once for the requests that arrive while it is being made', async () => {
    const cache = createAnswerCache();
    let made = 0;
    const produce = async () => ({ n: ++made });
    const answers = await Promise.all([cache.get('k', produce), cache.get('k', produce), cache.get('k', produce)]);
    expect(made).toBe(1);
    expect(new Set(answers).size).toBe(1);
  });

  it('hands an answer made across a clear to its waiting requests but does not keep it', async () => {
    const cache = createAnswerCache();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const old = cache.get('k', async () => {
      await held;
      return 'before';
    });
    cache.clear();
    const fresh = cache.get('k', async () => 'after');
    release();
    expect((await old).body.toString()).toBe('"before"');
    expect((await fresh).body.toString()).toBe('"after"');
    expect((await cache.get('k', async () => 'again')).body.toString()).toBe('"after"');
  });

  it('past its age serves the kept answer once more while it is made again, then the new one', async () => {
    let clock = 0;
    const cache = createAnswerCache({ maxAgeMs: 1000, now: () => clock });
    let made = 0;
    let release = () => {};
    const produce = async () => {
      made++;
      if (made > 1) await new Promise<void>((resolve) => (release = resolve));
      return { n: made };
    };
    await cache.get('k', produce);
    clock = 1000;
    expect((await cache.get('k', produce)).body.toString()).toBe('{"n":1}');
    expect((await cache.get('k', produce)).body.toString()).toBe('{"n":1}');
    expect(made).toBe(2);
    release();
    await expect.poll(async () => (await cache.get('k', produce)).body.toString()).toBe('{"n":2}');
    expect(made).toBe(2);
  });

  it('spreads the backstop of answers made together over the second half of their age', async () => {
    let clock = 0;
    const cache = createAnswerCache({ maxAgeMs: 1000, now: () => clock });
    const made = new Map<string, number>();
    const produce = (key: string) => async () => {
      made.set(key, (made.get(key) ?? 0) + 1);
      return key;
    };
    const keys = Array.from({ length: 50 }, (_, i) => `page-${i}`);
    const askAll = () => Promise.all(keys.map((key) => cache.get(key, produce(key))));
    const remade = () => keys.filter((key) => (made.get(key) ?? 0) > 1).length;
    await askAll();
    clock = 499;
    await askAll();
    expect(remade()).toBe(0);
    // Each is due at a uniform point of 500–1000 ms: that all 50 fall on one side of 750 has odds of 2^-49.
    clock = 750;
    await askAll();
    expect(remade()).toBeGreaterThan(0);
    expect(remade()).toBeLessThan(keys.length);
    clock = 1000;
    await askAll();
    expect(remade()).toBe(keys.length);
  });

  it('keeps nothing, and forgets what it had, for an answer made not to be kept', async () => {
    let clock = 0;
    const cache = createAnswerCache<undefined>({ maxAgeMs: 1000, now: () => clock });
    let made = 0;
    const produce = (keep: boolean) => async () => ({
      body: Buffer.from(String(++made)),
      type: 'text/plain',
      meta: undefined,
      keep,
    });
    await cache.getMade('k', produce(true));
    clock = 1000;
    await cache.getMade('k', produce(false));
    await expect.poll(() => cache.heldBytes()).toBe(0);
    expect((await cache.getMade('k', produce(false))).body.toString()).toBe('3');
  });

  it('keeps the compressed forms, which decode to the same bytes, and shares one weak ETag', async () => {
    const cache = createAnswerCache();
    const answer = await cache.get('k', async () => ({ text: 'שלום '.repeat(200) }));
    const br = await answer.encoded('br');
    expect(zlib.brotliDecompressSync(br)).toEqual(answer.body);
    expect(zlib.gunzipSync(await answer.encoded('gzip'))).toEqual(answer.body);
    expect(await answer.encoded('br')).toBe(br);
    expect(answer.etag).toMatch(/^W\/"[\w-]{22}"$/);
    expect(cache.heldBytes()).toBe(answer.body.length + br.length + (await answer.encoded('gzip')).length);
  });

  it('drops the least recently used answers when over its byte budget', async () => {
    const cache = createAnswerCache({ maxBytes: 25 });
    const text = (s: string) => async () => s.repeat(8); // 10 bytes of JSON each
    await cache.get('a', text('a'));
    await cache.get('b', text('b'));
    await cache.get('a', text('x')); // a is used again: b is now the oldest
    await cache.get('c', text('c'));
    expect(cache.heldBytes()).toBe(20);
    expect((await cache.get('a', text('y'))).body.toString()).toBe('"aaaaaaaa"');
    expect((await cache.get('b', text('z'))).body.toString()).toBe('"zzzzzzzz"');
  });
});

describe('choosing the encoding', () => {
  it('prefers Brotli, then gzip, honours q=0 and the wildcard', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip, deflate')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*, br;q=0')).toBe('gzip');
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
  });
});
