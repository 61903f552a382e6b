import { type Derivative, derivativeKey, isProof } from '../media/types';
import type { MediaRecord } from '../repositories/media-repository';
import type { Storage } from '../storage/storage';
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

/**
 * Copies an item's files for a copy under `id` at `fullPath`: the original and the clean derivatives, never the
 * watermarked proofs (a copy lands where proofs are made again if they are needed). Answers the derivatives copied.
 */
export async function copyMediaFiles(
  storage: Pick<Storage, 'get' | 'put'>,
  source: MediaRecord,
  target: { id: string; fullPath: string },
): Promise<Derivative[]> {
  const original = await storage.get(source.fullPath);
  await storage.put(target.fullPath, original.stream, { contentType: source.contentType });
  const derivatives = source.derivatives.filter((derivative) => !isProof(derivative));
  for (const derivative of derivatives) {
    const file = await storage.get(derivativeKey(source.id, derivative.file));
    await storage.put(derivativeKey(target.id, derivative.file), file.stream, { contentType: derivative.contentType });
  }
  return derivatives;
}
