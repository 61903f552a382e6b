import { describe, expect, it } from 'vitest';
import { folderPath, parseAdminPath, tabPath } from './admin-paths';

const TABS = ['folders', 'clients', 'mainGallery', 'contactDetails'] as const;

describe('admin addresses', () => {
  it('gives each tab its own address, in kebab case, the main gallery as /admin/gallery', () => {
    expect(tabPath('clients')).toBe('/admin/clients');
    expect(tabPath('mainGallery')).toBe('/admin/gallery');
    expect(tabPath('contactDetails')).toBe('/admin/contact-details');
  });

  it('reads a tab back from its address, and /admin as the first tab', () => {
    expect(parseAdminPath('/admin', TABS)).toEqual({ tab: 'folders', folder: null });
    expect(parseAdminPath('/admin/', TABS)).toEqual({ tab: 'folders', folder: null });
    expect(parseAdminPath('/admin/gallery', TABS)).toEqual({ tab: 'mainGallery', folder: null });
    expect(parseAdminPath('/admin/contact-details/', TABS)).toEqual({ tab: 'contactDetails', folder: null });
  });

  it('round-trips a folder name with reserved characters through the router', () => {
    const folder = 'rider@example_com #2';
    // wouter applies decodeURI to the path before the panel sees it.
    const seen = decodeURI(folderPath(folder));
    expect(parseAdminPath(seen, TABS)).toEqual({ tab: 'folders', folder });
    expect(parseAdminPath(decodeURI(folderPath('50%_off')), TABS)).toEqual({ tab: 'folders', folder: '50%_off' });
  });

  it('knows nothing of unknown tabs, folders under other tabs, or other pages', () => {
    expect(parseAdminPath('/admin/nope', TABS)).toBeNull();
    expect(parseAdminPath('/admin/clients/someone', TABS)).toBeNull();
    expect(parseAdminPath('/admin/folders/a/b', TABS)).toBeNull();
    expect(parseAdminPath('/administrator', TABS)).toBeNull();
  });
});
