import { spawn } from 'node:child_process';
import type { MediaToolConfig } from '../config.js';

/**
 * Whether `binary -version` runs and exits 0 within `timeoutMs`: undefined when it does, else
 * why not (missing, not executable, crashing, hanging), as the end of a sentence naming it.
 * `-version` is what both ffmpeg and ffprobe answer without touching any file.
 */
function toolFailure(binary: string, timeoutMs: number): Promise<string | undefined> {
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
      settle(`did not answer -version within ${timeoutMs} ms`);
    }, timeoutMs);
    child.on('error', (err: NodeJS.ErrnoException) =>
      settle(`cannot run: ${err.code ?? err.message}`),
    );
    child.on('exit', (code, signal) =>
      settle(
        code === 0 ? undefined : `cannot run: -version ended with ${signal ?? `exit code ${code}`}`,
      ),
    );
  });
}

/** Readiness's wording: undefined when `binary` runs, else `ffmpeg (/path) cannot run: ….`. */
export async function toolProblem(
  name: string,
  binary: string,
  timeoutMs = 2000,
): Promise<string | undefined> {
  const failure = await toolFailure(binary, timeoutMs);
  return failure && `${name} (${binary}) ${failure}.`;
}

/**
 * The line an operator reads when a media program this process needs cannot run at start:
 * the variable, the path and the fix.
 */
function startupToolLine(tool: MediaToolConfig, failure: string): string {
  const name = tool.variable === 'FFMPEG_PATH' ? 'ffmpeg' : 'ffprobe';
  return tool.configured
    ? `${tool.variable}=${tool.path} ${failure}: point ${tool.variable} at a working ${name} ` +
        `binary, or unset it to use the one found by default.`
    : `${name} ${tool.path} (${tool.variable} is unset) ${failure}: set ${tool.variable} ` +
        `to a working ${name} binary.`;
}

/**
 * Runs each of `tools` once, answering one line (startupToolLine) per tool that cannot run.
 * Start-up allows more time than readiness: a busy machine's first exec of a large static
 * binary is slow, and waiting a little at start costs nothing.
 */
export async function unusableTools(
  tools: readonly MediaToolConfig[],
  timeoutMs = 10_000,
): Promise<string[]> {
  const failures = await Promise.all(tools.map((tool) => toolFailure(tool.path, timeoutMs)));
  return tools.flatMap((tool, i) => {
    const failure = failures[i];
    return failure ? [startupToolLine(tool, failure)] : [];
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
