import { ListObjectsV2Command, type _Object } from '@aws-sdk/client-s3';
import { callStore, type S3Bucket } from './s3-calls.js';

/**
 * The objects under `prefix`, a page at a time, in key order (ListObjectsV2 answers so): each
 * page is one request with its own deadline, named `what` in its errors. `pageSize` unset: the
 * store's own (1,000 on S3).
 */
export async function* listPages(
  s3: S3Bucket,
  prefix: string,
  what: string,
  pageSize: number | undefined,
): AsyncGenerator<_Object[]> {
  let token: string | undefined;
  do {
    const page = await callStore(s3.timeoutMs, what, (abortSignal) =>
      s3.client.send(
        new ListObjectsV2Command({
          Bucket: s3.bucket,
          Prefix: prefix,
          ContinuationToken: token,
          MaxKeys: pageSize,
        }),
        { abortSignal },
      ),
    );
    yield page.Contents ?? [];
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
}
