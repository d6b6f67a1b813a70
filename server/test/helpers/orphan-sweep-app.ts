import { MediaRepository } from '../../src/repositories/media.repository.js';
import { OrphanSweepRepository } from '../../src/repositories/orphan-sweep.repository.js';
import { sweepOrphans } from '../../src/storage/orphan-sweep.js';
import { S3BlobStore } from '../../src/storage/s3-blob-store.js';
import { signedInUser } from './fixtures.js';
import type { S3TestServer } from './s3-server.js';
import type { SignedIn } from './staff.js';
import { createTestApp, type TestApp } from './test-app.js';

/**
 * What the orphan sweep suites share: an app on local disk or on S3 (s3rver, listing 3 keys a
 * page so the scan follows continuation tokens) with a signed-in owner, and a sweep of its
 * store with a grace period of an hour.
 */
export const HOUR = 60 * 60 * 1000;

export type StorageKind = 'local' | 's3';

export async function sweepApp(
  kind: StorageKind,
  s3: S3TestServer,
): Promise<{ t: TestApp; owner: SignedIn }> {
  const options = kind === 's3' ? await s3.bucket() : undefined;
  const t = await createTestApp(
    {},
    {},
    options ? { blobs: () => new S3BlobStore(options, { listPageSize: 3 }) } : {},
  );
  const owner = await signedInUser(t.server, `sweep${kind}`);
  return { t, owner };
}

/** The sweep and store calls, against the app `app()` answers (read at call time). */
export function sweepCalls(app: () => TestApp) {
  /** A sweep at `at` (by default two hours from now, past the grace period of new files). */
  const sweep = (apply: boolean, at = Date.now() + 2 * HOUR, force = false) =>
    sweepOrphans(
      {
        blobs: app().blobs,
        rows: new OrphanSweepRepository(app().database.db),
        media: new MediaRepository(app().database.db),
        now: () => at,
      },
      { apply, graceMs: HOUR, force },
    );
  const put = (key: string) => app().blobs.putBuffer(key, Buffer.from(`bytes of ${key}`));
  const exists = (key: string) => app().blobs.exists(key);
  return { sweep, put, exists };
}

export const keyOf = (url: string) => url.replace(/^\/media\//, '');
export const tokenOf = (url: string) => keyOf(url).split('/')[2]!;
