import fs from 'node:fs';
import path from 'node:path';
import { type DetailedError, Upload } from 'tus-js-client';
import type { Target } from './gallery-api';

export interface SendRequest {
  url: string;
  key: string;
  target: Target;
  file: string;
  contentType: string;
  /** The tus URL of an earlier try of this content, to resume from its offset. */
  resumeAt: string | undefined;
  /** Told the upload's URL as soon as the server made it, so a cut resumes there (kept in the state file). */
  onUploadUrl: (url: string) => void;
  onProgress: (sent: number, total: number) => void;
  signal: AbortSignal;
}

/** How a send ended: stored; refused (never worth sending again as it is); or cut (worth trying again). */
export type SendResult =
  | { outcome: 'stored'; resumedFrom: number }
  | { outcome: 'refused'; status: number; message: string }
  | { outcome: 'cut'; status: number | null; message: string };

/**
 * Sends one file by tus with the metadata the web uploader sends (filename, filetype, and the folder or event),
 * with the key instead of a cookie. A URL from an earlier try is resumed where the server's bytes stop; if the server
 * no longer knows it, the upload starts afresh. tus-js-client retries a few times within the call; what is still
 * failing after that is a cut for the caller to try again later.
 */
export function sendFile(request: SendRequest): Promise<SendResult> {
  const { target } = request;
  return new Promise((resolve) => {
    let resumedFrom = 0;
    const upload = new Upload(fs.createReadStream(request.file), {
      endpoint: `${request.url}/api/uploads`,
      uploadUrl: request.resumeAt ?? null,
      headers: { authorization: `Bearer ${request.key}` },
      metadata: {
        filename: path.basename(request.file),
        filetype: request.contentType,
        ...('event' in target ? { event: target.event } : { folder: target.folder }),
      },
      retryDelays: [0, 1000, 3000],
      onUploadUrlAvailable: () => {
        if (upload.url) request.onUploadUrl(upload.url);
      },
      onAfterResponse: (sent, answer) => {
        // The HEAD of a resumed upload says how much of it the server holds already.
        if (sent.getMethod() === 'HEAD') resumedFrom = Number(answer.getHeader('Upload-Offset') ?? 0);
      },
      onProgress: (sent, total) => request.onProgress(sent, total),
      onSuccess: () => resolve({ outcome: 'stored', resumedFrom }),
      onError: (error) => {
        const status = (error as DetailedError).originalResponse?.getStatus() ?? null;
        const body = (error as DetailedError).originalResponse?.getBody() ?? '';
        const message = serverMessage(body) ?? error.message.split('\n')[0] ?? 'upload failed';
        // A 4xx other than a conflict or a lock is the server's answer about this file: sending it again won't help.
        if (status !== null && status >= 400 && status < 500 && status !== 409 && status !== 423) {
          resolve({ outcome: 'refused', status, message });
        } else resolve({ outcome: 'cut', status, message });
      },
    });
    request.signal.addEventListener('abort', () => {
      void upload.abort(false).then(() => resolve({ outcome: 'cut', status: null, message: 'stopped' }));
    });
    upload.start();
  });
}

function serverMessage(body: string): string | undefined {
  try {
    return (JSON.parse(body) as { error?: { message?: string } }).error?.message;
  } catch {
    return body.trim() === '' ? undefined : body.trim().slice(0, 200);
  }
}
