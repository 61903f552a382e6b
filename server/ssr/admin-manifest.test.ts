import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MANIFEST_PATH } from '../../shared/api-paths';
import { LANGUAGES } from '../../shared/i18n/languages';
import { createTestApp, type TestApp } from '../test/harness';
import type { adminManifest } from './admin-manifest';

describe('the admin app manifest', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const manifestOf = async (url: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    return res.json() as ReturnType<typeof adminManifest>;
  };

  it('names the installed app in the language the panel shows, in its direction, with one id for all', async () => {
    const names = new Set<string>();
    for (const language of LANGUAGES) {
      const manifest = await manifestOf(`${ADMIN_MANIFEST_PATH}?lng=${language}`);
      expect(manifest).toMatchObject({
        lang: language,
        id: '/admin/today',
        start_url: '/admin/today',
        scope: '/admin/',
      });
      expect(manifest.dir).toBe(language === 'he' || language === 'ar' ? 'rtl' : 'ltr');
      expect(manifest.short_name.length).toBeLessThanOrEqual(12);
      names.add(manifest.name);
    }
    expect(names.size).toBe(LANGUAGES.length);
    expect((await manifestOf(`${ADMIN_MANIFEST_PATH}?lng=en`)).name).toBe('Gallery admin');
    expect((await manifestOf(`${ADMIN_MANIFEST_PATH}?lng=he`)).name).toBe('ניהול הגלריה');
  });

  it('without a language of ours in the address, follows the remembered choice, then the browser', async () => {
    expect((await manifestOf(`${ADMIN_MANIFEST_PATH}?lng=xx`, { cookie: 'lng=fr' })).lang).toBe('fr');
    expect((await manifestOf(ADMIN_MANIFEST_PATH, { 'accept-language': 'ru-RU,en;q=0.5' })).lang).toBe('ru');
    const fallback = await t.app.inject({ method: 'GET', url: `${ADMIN_MANIFEST_PATH}?lng=<b>` });
    expect(fallback.body).not.toContain('<b>');
  });
});
