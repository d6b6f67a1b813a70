// An S3-protocol server on loopback for the tests (s3rver), storing under the directory given,
// on the port given or a free one. Prints `port N` once it listens; stops on SIGTERM. s3rver encrypts ListObjectsV2
// continuation tokens with DES, which OpenSSL 3 keeps in its legacy provider: start this with
// `node --openssl-legacy-provider` (server/test/helpers/s3-server.ts does).
import fs from 'node:fs/promises';
import path from 'node:path';
import S3rver from 's3rver';

const directory = process.argv[2];
if (!directory) {
  console.error(
    'usage: node --openssl-legacy-provider scripts/s3-test-server.mjs <directory> [port]',
  );
  process.exit(2);
}
const server = new S3rver({
  address: '127.0.0.1',
  port: Number(process.argv[3] ?? 0),
  directory,
  silent: true,
});
// Before s3rver's router: the multipart calls it lacks (resumable uploads use them).
server.middleware.splice(server.middleware.length - 1, 0, multipartExtras(server.store));
const { port } = await server.run();
console.log(`port ${port}`);
const stop = async () => {
  await server.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
// The test runner that started this may die without a signal: stop with it.
process.stdin.on('end', () => void stop());
process.stdin.resume();

/**
 * ListParts, AbortMultipartUpload, ListMultipartUploads and UploadPartCopy, which s3rver 3 does
 * not implement, over the files its own multipart calls keep (one folder per upload under the
 * bucket's `._S3rver_uploads`: `key`, then each part `N` with `N.md5`).
 */
function multipartExtras(store) {
  const uploadsDir = (bucket) => store.getResourcePath(bucket, undefined, 'uploads');
  const partsOf = async (bucket, uploadId) => {
    const dir = path.join(uploadsDir(bucket), uploadId);
    const names = await fs.readdir(dir);
    const parts = [];
    for (const name of names) {
      if (!/^\d+$/.test(name)) continue;
      const st = await fs.stat(path.join(dir, name));
      const md5 = await fs.readFile(path.join(dir, `${name}.md5`), 'utf8').catch(() => '');
      parts.push({
        PartNumber: Number(name),
        LastModified: st.mtime.toISOString(),
        ETag: JSON.stringify(md5),
        Size: st.size,
      });
    }
    return parts.sort((a, b) => a.PartNumber - b.PartNumber);
  };
  const noSuchUpload = (ctx) => {
    ctx.status = 404;
    ctx.type = 'application/xml';
    ctx.body =
      '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>';
  };
  return async (ctx, next) => {
    const [, bucket, ...rest] = ctx.path.split('/');
    const key = decodeURIComponent(rest.join('/'));
    const { uploadId } = ctx.query;
    const exists = async () =>
      uploadId &&
      (await fs.stat(path.join(uploadsDir(bucket), uploadId)).then(
        () => true,
        () => false,
      ));
    if (ctx.method === 'GET' && key && uploadId) {
      if (!(await exists())) return noSuchUpload(ctx);
      ctx.body = {
        ListPartsResult: {
          Bucket: bucket,
          Key: key,
          UploadId: uploadId,
          IsTruncated: false,
          Part: await partsOf(bucket, uploadId),
        },
      };
      return;
    }
    if (ctx.method === 'DELETE' && key && uploadId) {
      if (!(await exists())) return noSuchUpload(ctx);
      await fs.rm(path.join(uploadsDir(bucket), uploadId), { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    if (ctx.method === 'GET' && !key && 'uploads' in ctx.query) {
      const prefix = ctx.query.prefix ?? '';
      const uploads = [];
      for (const id of await fs.readdir(uploadsDir(bucket)).catch(() => [])) {
        const dir = path.join(uploadsDir(bucket), id);
        const k = await fs.readFile(path.join(dir, 'key'), 'utf8').catch(() => undefined);
        if (k === undefined || !k.startsWith(prefix)) continue;
        const st = await fs.stat(dir);
        uploads.push({ Key: k, UploadId: id, Initiated: st.birthtime.toISOString() });
      }
      ctx.body = {
        ListMultipartUploadsResult: { Bucket: bucket, IsTruncated: false, Upload: uploads },
      };
      return;
    }
    if (ctx.method === 'PUT' && key && uploadId && ctx.headers['x-amz-copy-source']) {
      if (!(await exists())) return noSuchUpload(ctx);
      const source = decodeURIComponent(String(ctx.headers['x-amz-copy-source'])).replace(
        /^\//,
        '',
      );
      const [srcBucket, ...srcKey] = source.split('/');
      const range = /bytes=(\d+)-(\d+)/.exec(String(ctx.headers['x-amz-copy-source-range'] ?? ''));
      const object = await store.getObject(
        srcBucket,
        srcKey.join('/'),
        range ? { start: Number(range[1]), end: Number(range[2]) } : undefined,
      );
      if (!object) {
        ctx.status = 404;
        return;
      }
      const { md5 } = await store.putPart(bucket, uploadId, ctx.query.partNumber, object.content);
      ctx.body = {
        CopyPartResult: { ETag: JSON.stringify(md5), LastModified: new Date().toISOString() },
      };
      return;
    }
    return next();
  };
}
