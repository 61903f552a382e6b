import { useEffect, useRef, useState } from 'react';
import type { LightboxProps } from './Lightbox';

type ViewerModule = typeof import('./Lightbox');

/** The viewer's code, once it has arrived: every later opening renders at once. */
let loaded: ViewerModule | null = null;

/** The screen is black from the first frame, while the viewer's code is on its way. */
const WAITING: React.CSSProperties = { position: 'fixed', inset: 0, zIndex: 50, background: '#000' };

/**
 * The viewer, loaded the first time something is opened, so its code and styles stay out of a gallery's first visit.
 * If its code cannot be fetched (offline, and never opened before) the viewer closes again rather than leave the
 * visitor in front of a black screen; the next opening tries again.
 */
export function LazyLightbox(props: LightboxProps) {
  const [viewer, setViewer] = useState(loaded);
  const close = useRef(props.onClose);
  close.current = props.onClose;

  useEffect(() => {
    if (viewer) return;
    let live = true;
    import('./Lightbox').then(
      (module) => {
        loaded = module;
        if (live) setViewer(module);
      },
      () => {
        if (live) close.current();
      },
    );
    return () => {
      live = false;
    };
  }, [viewer]);

  return viewer ? <viewer.Lightbox {...props} /> : <div style={WAITING} />;
}
