// Adds to s3rver the multipart calls it lacks and @tus/s3-store makes: ListParts (the offset of an upload),
// AbortMultipartUpload and ListMultipartUploads (the expiry sweep). It reads s3rver's own files of an upload in
// progress (<bucket>/._S3rver_uploads/<upload id>/: `key`, then each part as <number> with <number>.md5), and answers
// as S3 does, so the store under test runs its real code paths. Test support only.
import fs from 'node:fs/promises';
import path from 'node:path';

const xmlEscape = (text) =>
  String(text).replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c],
  );

function xml(ctx, status, body) {
  ctx.status = status;
  ctx.type = 'application/xml';
  ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
}

const noSuchUpload = (ctx, uploadId) =>
  xml(
    ctx,
    404,
    `<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message><UploadId>${xmlEscape(uploadId)}</UploadId></Error>`,
  );

/** @param {import('s3rver')} server */
export function addMultipartCalls(server) {
  const uploadsDir = (bucket) => server.store.getResourcePath(bucket, undefined, 'uploads');

  async function readUpload(bucket, key, uploadId) {
    if (!/^[0-9a-f]+$/.test(uploadId)) return null;
    const dir = path.join(uploadsDir(bucket), uploadId);
    const storedKey = await fs.readFile(path.join(dir, 'key'), 'utf8').catch(() => null);
    return storedKey === key ? dir : null;
  }

  async function listParts(ctx, bucket, key, uploadId) {
    const dir = await readUpload(bucket, key, uploadId);
    if (!dir) return noSuchUpload(ctx, uploadId);
    const marker = Number(ctx.query['part-number-marker'] ?? 0);
    const names = (await fs.readdir(dir)).filter((name) => /^\d+$/.test(name));
    const numbers = names
      .map(Number)
      .filter((n) => n > marker)
      .sort((a, b) => a - b);
    const parts = [];
    for (const n of numbers) {
      const file = path.join(dir, String(n));
      const [stat, md5] = await Promise.all([fs.stat(file), fs.readFile(`${file}.md5`, 'utf8').catch(() => null)]);
      // A part still being written has no checksum yet: S3 lists only parts that were received whole.
      if (md5 === null) continue;
      parts.push(
        `<Part><PartNumber>${n}</PartNumber><LastModified>${stat.mtime.toISOString()}</LastModified>` +
          `<ETag>"${md5}"</ETag><Size>${stat.size}</Size></Part>`,
      );
    }
    xml(
      ctx,
      200,
      `<ListPartsResult><Bucket>${xmlEscape(bucket)}</Bucket><Key>${xmlEscape(key)}</Key>` +
        `<UploadId>${uploadId}</UploadId><PartNumberMarker>${marker}</PartNumberMarker>` +
        `<MaxParts>10000</MaxParts><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`,
    );
  }

  async function abort(ctx, bucket, key, uploadId) {
    const dir = await readUpload(bucket, key, uploadId);
    if (!dir) return noSuchUpload(ctx, uploadId);
    await fs.rm(dir, { recursive: true, force: true });
    ctx.status = 204;
    ctx.body = null;
  }

  async function listUploads(ctx, bucket) {
    const root = uploadsDir(bucket);
    const ids = await fs.readdir(root).catch(() => []);
    const uploads = [];
    for (const id of ids) {
      const dir = path.join(root, id);
      const key = await fs.readFile(path.join(dir, 'key'), 'utf8').catch(() => null);
      if (key === null) continue;
      const stat = await fs.stat(dir);
      uploads.push(
        `<Upload><Key>${xmlEscape(key)}</Key><UploadId>${id}</UploadId>` +
          `<Initiated>${stat.birthtime.toISOString()}</Initiated></Upload>`,
      );
    }
    xml(
      ctx,
      200,
      `<ListMultipartUploadsResult><Bucket>${xmlEscape(bucket)}</Bucket><IsTruncated>false</IsTruncated>` +
        `${uploads.join('')}</ListMultipartUploadsResult>`,
    );
  }

  // First in s3rver's middleware chain (Koa), before its router answers NotImplemented or MethodNotAllowed.
  server.middleware.unshift(async (ctx, next) => {
    const [bucket, ...keyParts] = ctx.path.slice(1).split('/');
    const key = keyParts.map(decodeURIComponent).join('/');
    const { uploadId } = ctx.query;
    if (bucket && key && typeof uploadId === 'string' && ctx.query.partNumber === undefined) {
      if (ctx.method === 'GET') return listParts(ctx, bucket, key, uploadId);
      if (ctx.method === 'DELETE') return abort(ctx, bucket, key, uploadId);
    }
    if (bucket && !key && ctx.method === 'GET' && 'uploads' in ctx.query) return listUploads(ctx, bucket);
    return next();
  });
}
