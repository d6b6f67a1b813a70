import { spawn } from 'node:child_process';

/**
 * Whether `binary -version` runs and exits 0 within `timeoutMs`: undefined when it does, else
 * why not (missing, not executable, crashing, hanging). `-version` is what both ffmpeg and
 * ffprobe answer without touching any file.
 */
export function toolProblem(
  name: string,
  binary: string,
  timeoutMs = 2000,
): Promise<string | undefined> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (problem: string | undefined) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(problem);
    };
    const child = spawn(binary, ['-version'], { stdio: 'ignore', windowsHide: true });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      settle(`${name} (${binary}) did not answer -version within ${timeoutMs} ms.`);
    }, timeoutMs);
    child.on('error', (err: NodeJS.ErrnoException) =>
      settle(`${name} (${binary}) cannot run: ${err.code ?? err.message}.`),
    );
    child.on('exit', (code, signal) =>
      settle(
        code === 0
          ? undefined
          : `${name} (${binary}) cannot run: -version ended with ${signal ?? `exit code ${code}`}.`,
      ),
    );
  });
}

/** A program this process runs (ffprobe, ffmpeg), checked by running it. */
export interface ToolCheck {
  field: 'ffprobe' | 'ffmpeg';
  /** Undefined when it runs, else why not. */
  check: () => Promise<string | undefined>;
}

/**
 * What readiness runs: ffprobe, which the server probes every upload with, and ffmpeg when this
 * server also runs the processing worker (`EMBEDDED_WORKER`), which encodes with both.
 */
export function mediaToolChecks(paths: { ffprobe: string; ffmpeg?: string }): ToolCheck[] {
  const checks: ToolCheck[] = [
    { field: 'ffprobe', check: () => toolProblem('ffprobe', paths.ffprobe) },
  ];
  const { ffmpeg } = paths;
  if (ffmpeg) checks.push({ field: 'ffmpeg', check: () => toolProblem('ffmpeg', ffmpeg) });
  return checks;
}
