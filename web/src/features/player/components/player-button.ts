/** The round, white-on-video button every player control uses. */
export const playerButton =
  'inline-flex size-10 shrink-0 items-center justify-center rounded-full text-white transition-colors hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-white disabled:opacity-40';
