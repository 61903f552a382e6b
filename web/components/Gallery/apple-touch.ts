/**
 * iPhone and iPad start a muted inline video only from a user gesture until the page has had one. On the first touch
 * anywhere, every registered video tile is started and paused again, so later scrolling can play them.
 */
const videos = new Set<HTMLVideoElement>();
let armed = false;

export function isAppleTouchDevice(): boolean {
  const platform = navigator.userAgent;
  // iPadOS presents itself as a Mac; touch support tells them apart.
  return /iPad|iPhone|iPod/.test(platform) || (/Macintosh/.test(platform) && navigator.maxTouchPoints > 1);
}

function prime(): void {
  for (const video of videos) {
    const wasPaused = video.paused;
    video.muted = true;
    video
      .play()
      .then(() => {
        if (wasPaused && video.dataset.visible !== 'true') video.pause();
      })
      .catch(() => undefined);
  }
}

/** Registers a video tile to be primed on the first touch (Apple devices only). Returns the unregister function. */
export function primeOnFirstTouch(video: HTMLVideoElement): () => void {
  if (!isAppleTouchDevice()) return () => undefined;
  videos.add(video);
  if (!armed) {
    armed = true;
    document.addEventListener('touchstart', prime, { once: true, passive: true, capture: true });
  }
  return () => videos.delete(video);
}
