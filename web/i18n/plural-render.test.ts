import { describe, expect, it } from 'vitest';
import arAdmin from '../../shared/i18n/locales/ar/admin.json';
import arGallery from '../../shared/i18n/locales/ar/gallery.json';
import heAdmin from '../../shared/i18n/locales/he/admin.json';
import heGallery from '../../shared/i18n/locales/he/gallery.json';
import { createI18n } from './index';

// The same instance the app renders with (createI18n), fed the real locale files: a missing form, or a form i18next
// does not pick for that number, shows here as the raw key or the wrong words.
describe('counts through i18next', () => {
  const he = createI18n('he', { gallery: heGallery, admin: heAdmin });
  const ar = createI18n('ar', { gallery: arGallery, admin: arAdmin });

  it('reads Hebrew one, two and many in their own forms', () => {
    const items = (count: number) => he.t('gallery:me.count', { count });
    expect([1, 2, 5].map(items)).toEqual(['פריט אחד', 'שני פריטים', '5 פריטים']);
    const files = (count: number) => he.t('admin:tray.done', { count });
    expect([1, 2, 5].map(files)).toEqual(['הקובץ הועלה', 'שני הקבצים הועלו', 'כל 5 הקבצים הועלו']);
  });

  it('reads Arabic zero, one, two, few, many and other in their own forms', () => {
    const items = (count: number) => ar.t('admin:folder.count', { count });
    expect([0, 1, 2, 5, 11, 100].map(items)).toEqual([
      'لا عناصر',
      'عنصر واحد',
      'عنصران',
      '5 عناصر',
      '11 عنصرًا',
      '100 عنصر',
    ]);
    expect(new Set([1, 2, 5].map((count) => ar.t('gallery:me.count', { count }))).size).toBe(3);
  });
});
