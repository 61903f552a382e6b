import type { LightMyRequestResponse } from 'fastify';
import { UPLOAD_PATH } from '../../uploads/tus-uploads';
import type { TestClient } from '../test-client';

const TUS = { 'tus-resumable': '1.0.0' };

/** tus `Upload-Metadata`: comma-separated `key base64(value)` pairs. */
export function encodeTusMetadata(metadata: Record<string, string>): string {
  return Object.entries(metadata)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
}

/** tus creation (POST): answers 201 with a Location, or the refusal. */
export function createUpload(client: TestClient, length: number, metadata: Record<string, string>) {
  return client.request({
    method: 'POST',
    url: UPLOAD_PATH,
    headers: { ...TUS, 'upload-length': String(length), 'upload-metadata': encodeTusMetadata(metadata) },
  });
}

/** One tus PATCH of `bytes` at `offset`. */
export function patchUpload(client: TestClient, location: string, offset: number, bytes: Buffer) {
  return client.request({
    method: 'PATCH',
    url: location,
    headers: { ...TUS, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    payload: bytes,
  });
}

export function headUpload(client: TestClient, location: string) {
  return client.request({ method: 'HEAD', url: location, headers: TUS });
}

/** Creates an upload and sends all of it in one PATCH; returns the creation refusal or the final PATCH answer. */
export async function uploadWhole(
  client: TestClient,
  bytes: Buffer,
  metadata: Record<string, string>,
): Promise<{ created: LightMyRequestResponse; finished?: LightMyRequestResponse; location?: string }> {
  const created = await createUpload(client, bytes.length, metadata);
  const location = created.headers.location?.toString();
  if (created.statusCode !== 201 || !location) return { created };
  return { created, location, finished: await patchUpload(client, location, 0, bytes) };
}
