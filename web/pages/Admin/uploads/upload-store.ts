import { uploadTraySignal } from '../../../components/Layout/upload-tray-signal';
import { UploadQueue } from './upload-queue';

/**
 * The one upload list of this page load. It lives outside every component, so files keep going while the
 * photographer moves between tabs, folders and the public pages; the tray (UploadTray.tsx) shows it everywhere.
 */
export const uploadStore = new UploadQueue();

// The tray appears with the first file and stays until its list is cleared.
uploadStore.subscribe(() => uploadTraySignal.set(uploadStore.getSnapshot().length > 0));

/** Closing or reloading the page would stop the files still going: the browser asks first. */
function askBeforeLeaving(event: BeforeUnloadEvent): void {
  if (!uploadStore.busy()) return;
  event.preventDefault();
  // Older browsers ask only when returnValue is set.
  event.returnValue = '';
}
if (typeof window !== 'undefined') window.addEventListener('beforeunload', askBeforeLeaving);
