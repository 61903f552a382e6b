import { type RefObject, useEffect, useState } from 'react';

/**
 * True once the element has come within `rootMargin` of the viewport (and stays true): what lazy tiles wait for
 * before asking for their image. Without IntersectionObserver everything counts as near.
 */
export function useNearViewport(ref: RefObject<Element | null>, rootMargin = '200px', skip = false): boolean {
  const [near, setNear] = useState(skip);
  useEffect(() => {
    if (near || skip) return;
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, skip, ref, rootMargin]);
  return near || skip;
}
