import { isolateFor } from '../../shared/bidi';
import { LANGUAGES, type Language } from '../../shared/i18n/languages';
import { documentTitle } from '../../shared/page-title';
import type { PageData } from '../../web/entry-server';
import { escapeHtml } from '../html';
import { serverTranslator } from '../i18n/locale-files';
import type { ServerPage } from './pages';
import { SOCIAL_CARD_HEIGHT, SOCIAL_CARD_WIDTH } from './social-card';

/** Open Graph's locale names (language_TERRITORY) of our languages. */
const OG_LOCALES: Record<Language, string> = { he: 'he_IL', en: 'en_US', ru: 'ru_RU', fr: 'fr_FR', ar: 'ar_AR' };

export interface HeadInput {
  publicUrl: string;
  siteName: string;
  language: Language;
  /**
   * Whether the address named the language (`?lng=`). Without it the page is the `x-default` one, whose language the
   * server picks: its canonical URL is its own address, since one pointing to a language version would tell search
   * engines that the two are the same page in one language.
   */
  languageInUrl: boolean;
  pathname: string;
  /** The parameters that make this a page of its own (the gallery's filter and page), without `lng`. */
  params: URLSearchParams;
  /** Null for a page the browser renders (private pages): it gets only its title and `noindex`. */
  page: ServerPage | null;
  data: PageData;
  /** The absolute URL of the 1200×630 picture shown where the page is shared, when there is one. */
  socialImage: string | null;
  indexable: boolean;
}

/** An absolute URL of `pathname` with `params`, and `?lng=` when a language is named (how each language is linked). */
function pageUrl(input: HeadInput, language: Language | null): string {
  const params = new URLSearchParams(input.params);
  if (language) params.set('lng', language);
  const query = params.toString();
  return `${input.publicUrl}${input.pathname}${query ? `?${query}` : ''}`;
}

/** The page's own title and its description, in its language. */
function titleAndDescription(input: HeadInput): { title: string | null; description: string } {
  const { language, page, data } = input;
  const common = serverTranslator(language, 'common');
  const seo = serverTranslator(language, 'seo');
  switch (page?.name) {
    case 'gallery':
      return { title: common('pages.gallery'), description: seo('description.gallery') };
    case 'contact':
      return { title: common('pages.contact'), description: seo('description.contact') };
    case 'events':
      return { title: serverTranslator(language, 'events')('list.title'), description: seo('description.events') };
    case 'event': {
      const events = serverTranslator(language, 'events');
      const name = data.event?.answer.name;
      return name
        ? { title: name, description: seo('description.event', { name: isolateFor(language, name) }) }
        : { title: events('event.notFound'), description: seo('description.events') };
    }
    default:
      return { title: null, description: seo('description.home') };
  }
}

/** JSON for a `<script type="application/ld+json">`: `<` escaped, so no value can close the element. */
function jsonLd(value: unknown): string {
  return `<script type="application/ld+json">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;
}

/** The photographer as a local business, with the contact details they published. */
function localBusiness(input: HeadInput, description: string): unknown {
  const contact = input.data.site?.contact;
  const sameAs = [contact?.instagram, contact?.facebook].filter((link): link is string => Boolean(link));
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    name: input.siteName,
    url: `${input.publicUrl}/`,
    description,
    ...(input.socialImage ? { image: input.socialImage } : {}),
    ...(contact?.phone ? { telephone: contact.phone } : {}),
    ...(contact?.email ? { email: contact.email } : {}),
    ...(sameAs.length > 0 ? { sameAs } : {}),
  };
}

/** The gallery page as an ImageGallery of its pictures (a video by its poster). */
function imageGallery(input: HeadInput, name: string, description: string): unknown {
  const items = input.data.gallery?.answer.items ?? [];
  const absolute = (url: string) => new URL(url, input.publicUrl).href;
  return {
    '@context': 'https://schema.org',
    '@type': 'ImageGallery',
    name,
    description,
    url: pageUrl(input, input.language),
    inLanguage: input.language,
    image: items
      .filter((item) => item.image.src)
      .map((item) => ({
        '@type': 'ImageObject',
        contentUrl: absolute(item.image.src),
        width: item.width,
        height: item.height,
      })),
  };
}

/**
 * Everything a page's `<head>` says about it beside the app's own tags: title and description, the canonical URL and
 * the same page in every language (`?lng=`, and `x-default` without, where the server picks the language), the Open
 * Graph and Twitter card tags of a shared link, JSON-LD, and `noindex` where search engines must not look. The title
 * is the one the page sets in the browser (shared/page-title.ts).
 */
export function headTags(input: HeadInput): string {
  const { title: pageTitle, description } = titleAndDescription(input);
  const title = documentTitle(pageTitle, input.siteName);
  const tags = [`<title>${escapeHtml(title)}</title>`];
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    tags.push(`<meta ${attribute}="${key}" content="${escapeHtml(content)}">`);

  if (!input.indexable || !input.page) meta('name', 'robots', 'noindex');
  if (!input.page) return tags.join('');

  const canonical = pageUrl(input, input.languageInUrl ? input.language : null);
  meta('name', 'description', description);
  // A page kept out of search engines names no canonical address or language versions (an unlisted event's link
  // is still shared, so it keeps its preview).
  if (input.indexable) {
    tags.push(`<link rel="canonical" href="${escapeHtml(canonical)}">`);
    for (const language of LANGUAGES) {
      tags.push(`<link rel="alternate" hreflang="${language}" href="${escapeHtml(pageUrl(input, language))}">`);
    }
    tags.push(`<link rel="alternate" hreflang="x-default" href="${escapeHtml(pageUrl(input, null))}">`);
  }

  meta('property', 'og:type', 'website');
  meta('property', 'og:site_name', input.siteName);
  meta('property', 'og:title', title);
  meta('property', 'og:description', description);
  meta('property', 'og:url', canonical);
  meta('property', 'og:locale', OG_LOCALES[input.language]);
  for (const language of LANGUAGES) {
    if (language !== input.language) meta('property', 'og:locale:alternate', OG_LOCALES[language]);
  }
  meta('name', 'twitter:title', title);
  meta('name', 'twitter:description', description);
  if (input.socialImage) {
    const alt = serverTranslator(input.language, 'seo')('imageAlt');
    meta('property', 'og:image', input.socialImage);
    meta('property', 'og:image:type', 'image/jpeg');
    meta('property', 'og:image:width', String(SOCIAL_CARD_WIDTH));
    meta('property', 'og:image:height', String(SOCIAL_CARD_HEIGHT));
    meta('property', 'og:image:alt', alt);
    meta('name', 'twitter:card', 'summary_large_image');
    meta('name', 'twitter:image', input.socialImage);
    meta('name', 'twitter:image:alt', alt);
  } else {
    meta('name', 'twitter:card', 'summary');
  }

  if (input.indexable) {
    tags.push(jsonLd(localBusiness(input, serverTranslator(input.language, 'seo')('description.home'))));
    if (input.page.name === 'gallery') tags.push(jsonLd(imageGallery(input, pageTitle ?? title, description)));
  }
  return tags.join('');
}
