import { DownloadAllChoice } from './DownloadAllChoice';
import { GALLERY_DOWNLOADS } from './gallery-downloads';

/** Download All of the client's own gallery, at web size or full size (what is theirs clean; the server decides). */
export function GalleryDownloadAll({ count }: { count: number | null }) {
  return <DownloadAllChoice count={count} links={GALLERY_DOWNLOADS} />;
}
