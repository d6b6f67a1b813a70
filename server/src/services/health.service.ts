import { sql, type Kysely } from 'kysely';
import type { FieldError, ReadinessCheck } from '@contract';
import type { Database } from '../db/schema.js';
import type { ToolCheck } from '../media/tool-check.js';
import type { BlobStore } from '../storage/blob-store.js';

/** Shared between the app and its process: set once the process has been asked to stop. */
export interface Lifecycle {
  shuttingDown: boolean;
}

/** A tool found working is checked again after this long, not on every probe. */
const TOOL_RECHECK_MS = 60_000;

export interface HealthDeps {
  db: Kysely<Database>;
  blobs: BlobStore;
  /** Migrations this build carries that the database has not run. */
  pendingMigrations: () => Promise<string[]>;
  lifecycle: Lifecycle;
  /** The media tools this process runs (media/tool-check.ts). */
  tools: readonly ToolCheck[];
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
  /** When each tool last ran fine; a failing one is run again on every probe. */
  private readonly toolsFine = new Map<string, number>();

  constructor(private readonly deps: HealthDeps) {
    this.timeoutMs = deps.checkTimeoutMs ?? 2000;
  }

  /** Whether readiness runs ffmpeg (this server runs the processing worker too). */
  get checksFfmpeg(): boolean {
    return this.deps.tools.some((tool) => tool.field === 'ffmpeg');
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
      ...this.deps.tools.map((tool): [ReadinessCheck, () => Promise<string | undefined>] => [
        tool.field,
        () => this.tool(tool),
      ]),
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

  private async tool(tool: ToolCheck): Promise<string | undefined> {
    const now = Date.now();
    const fineAt = this.toolsFine.get(tool.field);
    if (fineAt !== undefined && now - fineAt < TOOL_RECHECK_MS) return undefined;
    const problem = await tool.check();
    if (problem) this.toolsFine.delete(tool.field);
    else this.toolsFine.set(tool.field, now);
    return problem;
  }

  private async migrations(): Promise<string | undefined> {
    if (this.migrationsCurrent) return undefined;
    const pending = await this.deps.pendingMigrations();
    if (pending.length > 0) return `Migrations not yet run: ${pending.join(', ')}.`;
    this.migrationsCurrent = true;
    return undefined;
  }
}
