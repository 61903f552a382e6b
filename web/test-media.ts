import type { MediaView } from '../shared/schemas/media';

/**
 * A ready photo as the API answers it, for component tests: 1200×800, its 960 px rendition and a srcset per format,
 * no preview. A test names only what it is about in `overrides`, so a field the API gains is added here once.
 */
export function aPhoto(overrides: Partial<MediaView> = {}): MediaView {
  return {
    id: 'abc',
    kind: 'image',
    name: 'jump.jpg',
    width: 1200,
    height: 800,
    placeholder: null,
    image: { src: '/media/abc/960.jpg', srcset: { avif: '/a 960w', webp: '/w 960w', jpeg: '/j 960w' } },
    video: null,
    duration: null,
    ...overrides,
  };
}
