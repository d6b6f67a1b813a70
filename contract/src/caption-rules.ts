// No zod here: the upload in progress (kept by the top bar on every page) checks its subtitle
// rows with these.

export const CAPTION_LIMITS = {
  /** A subtitle file (.srt or .vtt), as uploaded. */
  fileMaxBytes: 1024 * 1024,
  labelMax: 50,
  /** Caption tracks per video. */
  perVideo: 20,
} as const;

/** A BCP 47 language tag as people write them: `en`, `pt-BR`, `zh-Hant`, `es-419`. */
export const CAPTION_LANGUAGE = /^[a-zA-Z]{2,3}(?:-[a-zA-Z0-9]{2,8}){0,3}$/;
