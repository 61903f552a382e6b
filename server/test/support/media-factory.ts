import { randomBytes } from 'node:crypto';
import { MAIN_GALLERY_FOLDER } from '../../../shared/folders';
import type { NewJob } from '../../repositories/job-repository';
import type { MediaRecord, MediaRepository, NewMedia, ReadyFields } from '../../repositories/media-repository';

/** A job that never runs (due in 2999), so a running worker leaves seeded rows as they are. */
export const PARKED_JOB: NewJob = { type: 'test-parked', payload: {}, runAfter: new Date('2999-01-01T00:00:00Z') };

export type MediaOverrides = Partial<NewMedia> & {
  /** Where the row ends up: `processing` as inserted, or flipped to `ready` or `failed`. Default `ready`. */
  status?: 'ready' | 'processing' | 'failed';
  /** What the pipeline would have learned (ready rows only); by default a 10×10 item without derivatives. */
  ready?: Partial<ReadyFields>;
  /** The job inserted with the row; by default one that never runs. */
  job?: NewJob;
};

/**
 * Seeds one media row through the repository, the way the pipeline writes it (insert with its job, then ready or
 * failed), so tests and benchmarks build data without copies of the same insert. Every field has a default: an
 * image (or a video with `isVideo`) named after its id in the main gallery.
 */
export async function makeMedia(
  media: Pick<MediaRepository, 'insertWithJob' | 'markReady' | 'markFailed' | 'findById'>,
  overrides: MediaOverrides = {},
): Promise<MediaRecord> {
  const { status = 'ready', ready, job = PARKED_JOB, ...fields } = overrides;
  const id = fields.id ?? randomBytes(16).toString('base64url');
  const isVideo = fields.isVideo ?? false;
  const folder = fields.folder ?? MAIN_GALLERY_FOLDER;
  const name = fields.name ?? `${id}.${isVideo ? 'mp4' : 'jpg'}`;
  const inserted = await media.insertWithJob(
    {
      id,
      folder,
      name,
      fullPath: `${folder}/${name}`,
      extension: name.split('.').at(-1) ?? 'bin',
      contentType: isVideo ? 'video/mp4' : 'image/jpeg',
      size: 1,
      md5Hash: '',
      isDemo: false,
      ...fields,
      isVideo,
    },
    job,
  );
  if (status === 'processing') return inserted.media;
  if (status === 'failed') await media.markFailed(id, 'unsupported-type');
  else {
    await media.markReady(id, { width: 10, height: 10, duration: null, placeholder: null, derivatives: [], ...ready });
  }
  return (await media.findById(id)) ?? inserted.media;
}

/** A ready (visible) media row; see makeMedia for the defaults. */
export function makeReadyMedia(
  media: Pick<MediaRepository, 'insertWithJob' | 'markReady' | 'markFailed' | 'findById'>,
  overrides: Omit<MediaOverrides, 'status'> = {},
): Promise<MediaRecord> {
  return makeMedia(media, { ...overrides, status: 'ready' });
}
