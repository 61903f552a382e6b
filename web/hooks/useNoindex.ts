import { useEffect } from 'react';

/**
 * While `noindex` holds, the page carries `<meta name="robots" content="noindex">` (an unlisted competition, a page
 * that was not found); the tag goes when it no longer holds or the page closes. The server also sends
 * `X-Robots-Tag: noindex` with such an event's API answers.
 */
export function useNoindex(noindex: boolean): void {
  useEffect(() => {
    if (!noindex) return;
    // A server-rendered page carries the tag already: the page takes that one over instead of adding a second.
    const meta = document.head.querySelector<HTMLMetaElement>('meta[name="robots"]') ?? document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex';
    document.head.append(meta);
    return () => meta.remove();
  }, [noindex]);
}
