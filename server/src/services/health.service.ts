import { sql, type Kysely } from 'kysely';
import type { FieldError, ReadinessCheck } from '@contract';
import type { Database } from '../db/schema.js';
import type { BlobStore } from '../storage/blob-store.js';

/** Shared between the app and its process: set once the process has been asked to stop. */
export interface Lifecycle {
  shuttingDown: boolean;
}

export interface HealthDeps {
  db: Kysely<Database>;
  blobs: BlobStore;
  /** Migrations this build carries that the database has not run. */
  pendingMigrations: () => Promise<string[]>;
  lifecycle: Lifecycle;
  /** How long one check may take before it counts as failing. */
  checkTimeoutMs?: number;
}

export interface ReadinessProblem extends FieldError {
  field: ReadinessCheck;
}

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const reason = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * Whether this process should be sent traffic. Checks run at once and each is bounded, so a
 * load balancer asking every few seconds gets an answer even when the database hangs.
 */
export class HealthService {
  private readonly timeoutMs: number;
  /** Migrations never un-run, so once current they stay current for this build. */
  private migrationsCurrent = false;

  constructor(private readonly deps: HealthDeps) {
    this.timeoutMs = deps.checkTimeoutMs ?? 2000;
  }

  /** Every failing check with its reason; empty when ready. */
  async problems(): Promise<ReadinessProblem[]> {
    if (this.deps.lifecycle.shuttingDown) {
      return [{ field: 'shutdown', message: 'The server is shutting down.' }];
    }
    const checks: [ReadinessCheck, () => Promise<string | undefined>][] = [
      ['database', () => this.database()],
      ['storage', () => this.storage()],
      ['migrations', () => this.migrations()],
    ];
    const results = await Promise.all(
      checks.map(async ([field, check]) => {
        try {
          const message = await within(check(), this.timeoutMs, field);
          return message ? { field, message } : undefined;
        } catch (err) {
          return { field, message: reason(err) };
        }
      }),
    );
    return results.filter((r): r is ReadinessProblem => r !== undefined);
  }

  private async database(): Promise<undefined> {
    await sql`select 1`.execute(this.deps.db);
    return undefined;
  }

  private async storage(): Promise<undefined> {
    await this.deps.blobs.checkWritable();
    return undefined;
  }

  private async migrations(): Promise<string | undefined> {
    if (this.migrationsCurrent) return undefined;
    const pending = await this.deps.pendingMigrations();
    if (pending.length > 0) return `Migrations not yet run: ${pending.join(', ')}.`;
    this.migrationsCurrent = true;
    return undefined;
  }
}
