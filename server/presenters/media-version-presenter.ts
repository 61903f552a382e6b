import type { MediaVersion } from '../../shared/schemas/media-versions';
import type { MediaVersionRecord } from '../repositories/media-version-repository';

/** A kept previous original as the panel lists it: never its storage key or checksums. */
export function presentMediaVersion(
  version: MediaVersionRecord,
  purgeAt: (replacedAt: string) => string,
): MediaVersion {
  return {
    id: version.id,
    uploadedName: version.originalName,
    size: version.size,
    contentType: version.contentType,
    replacedAt: version.replacedAt,
    purgeAt: purgeAt(version.replacedAt),
    edited: version.editedAt !== null,
  };
}
