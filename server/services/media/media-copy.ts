import { type Derivative, derivativeKey, isProof } from '../../media/types';
import type { MediaRecord } from '../../repositories/media-repository';
import type { Storage } from '../../storage/storage';
import { candidateName } from './ingest';

/**
 * The first free `name`, `name_2`, `name_3`… in `folder`, by `isTaken` (a database lookup, plus the names a batch has
 * already reserved).
 */
export async function freeNameIn(
  folder: string,
  name: string,
  isTaken: (fullPath: string) => Promise<boolean>,
): Promise<string> {
  let candidate = name;
  for (let attempt = 2; await isTaken(`${folder}/${candidate}`); attempt++) candidate = candidateName(name, attempt);
  return candidate;
}

/** Copies one stored object's bytes to another key. */
export async function copyObject(
  storage: Pick<Storage, 'get' | 'put'>,
  from: string,
  to: string,
  contentType: string | undefined,
): Promise<void> {
  const object = await storage.get(from);
  await storage.put(to, object.stream, { contentType });
}

/**
 * Copies an item's files for a copy under `id` at `fullPath`: the original and the clean derivatives, never the
 * watermarked proofs (a copy lands where proofs are made again if they are needed). Answers the derivatives copied.
 */
export async function copyMediaFiles(
  storage: Pick<Storage, 'get' | 'put'>,
  source: MediaRecord,
  target: { id: string; fullPath: string },
): Promise<Derivative[]> {
  await copyObject(storage, source.originalKey, target.fullPath, source.contentType);
  const derivatives = source.derivatives.filter((derivative) => !isProof(derivative));
  for (const derivative of derivatives) {
    const { file, contentType } = derivative;
    await copyObject(storage, derivativeKey(source.id, file), derivativeKey(target.id, file), contentType);
  }
  return derivatives;
}
