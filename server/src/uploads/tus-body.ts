import type { IncomingMessage } from 'node:http';
import { PassThrough, Readable } from 'node:stream';

/** A Node request body as the web stream @tus/server reads, and what became of it. */
export interface WebBody {
  body: ReadableStream;
  /** The client went away before its body ended: tus was told so, not left waiting. */
  readonly aborted: boolean;
  /** Stops watching the request once tus has answered. */
  dispose(): void;
}

/**
 * `raw` piped into a web stream for tus. `onFlowing` gets what ends the body where it is,
 * keeping what arrived (the rate guard's cut). pipe() never ends its destination when the
 * source closes early, so a client gone mid-body errors the stream: tus would otherwise wait
 * forever for the rest, holding the upload's lock and its half-written bytes.
 */
export function webBody(raw: IncomingMessage, onFlowing: (stop: () => void) => void): WebBody {
  const pass = new PassThrough();
  let ended = false;
  let aborted = false;
  const onEnd = () => {
    ended = true;
  };
  const onClose = () => {
    if (ended) return;
    aborted = true;
    raw.unpipe(pass);
    pass.destroy(new Error('the client went away before the body ended'));
  };
  raw.once('end', onEnd);
  raw.once('close', onClose);
  raw.pipe(pass);
  onFlowing(() => {
    raw.unpipe(pass);
    pass.end();
  });
  return {
    body: Readable.toWeb(pass) as ReadableStream,
    get aborted() {
      return aborted;
    },
    dispose() {
      raw.off('end', onEnd);
      raw.off('close', onClose);
    },
  };
}
