import { parseStartTime } from '@contract';

/** What an embed's URL asks of the player (YouTube's parameters). */
export type EmbedParams = {
  autoplay: boolean;
  muted: boolean;
  loop: boolean;
  controls: boolean;
  /** Seconds, from `start` or `t`. */
  start: number | undefined;
};

const on = (value: string | null) => value === '1' || value === 'true';
const off = (value: string | null) => value === '0' || value === 'false';

/** Reads `autoplay`, `muted` (or `mute`), `loop`, `controls` and `start` (or `t`). */
export function readEmbedParams(params: URLSearchParams): EmbedParams {
  return {
    autoplay: on(params.get('autoplay')),
    muted: on(params.get('muted')) || on(params.get('mute')),
    loop: on(params.get('loop')),
    controls: !off(params.get('controls')),
    start: parseStartTime(params.get('start') ?? params.get('t')),
  };
}
