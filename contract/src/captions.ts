import { z } from 'zod';
import { CAPTION_LANGUAGE, CAPTION_LIMITS } from './caption-rules.js';
import { formBody } from './form-body.js';
import { singleLine } from './text.js';

export const captionLanguageSchema = z
  .string({ error: 'Language is required.' })
  .trim()
  .regex(CAPTION_LANGUAGE, 'Language must be a language code such as en, fr or pt-BR.');

/** One caption track of a video: its language, what the menu calls it, and its WebVTT file. */
export const captionSchema = z.object({
  language: z.string(),
  label: z.string(),
  /** The WebVTT file (`text/vtt`), under the same access rule as the video's other media. */
  url: z.string(),
});
export type Caption = z.infer<typeof captionSchema>;

/** POST /videos/{id}/captions (multipart): a SubRip or WebVTT file for one language. */
export const captionUploadBody = formBody({
  fields: z.object({
    language: captionLanguageSchema,
    label: z
      .string()
      .trim()
      .max(
        CAPTION_LIMITS.labelMax,
        `Label must be at most ${CAPTION_LIMITS.labelMax} characters long.`,
      )
      .regex(...singleLine('Label'))
      .optional()
      .describe('What the player’s menu shows; the language’s name by default'),
  }),
  files: {
    file: {
      maxBytes: CAPTION_LIMITS.fileMaxBytes,
      tooLarge: 'Subtitle files may be at most 1 MiB.',
      required: 'A subtitle file (.srt or .vtt) is required.',
      description: 'SubRip (.srt) or WebVTT (.vtt), at most 1 MiB; stored as sanitised WebVTT',
    },
  },
});

/**
 * The language's name in English for a label (`pt-BR` → "Brazilian Portuguese"), or the tag
 * itself when the runtime does not know it.
 */
export function languageLabel(language: string): string {
  try {
    const name = new Intl.DisplayNames(['en'], { type: 'language' }).of(language);
    return name && name !== language ? name : language;
  } catch {
    return language;
  }
}

/** Language tags compare and store in their usual case: `pt-BR`, `zh-Hant`, `en`. */
export function normalizeLanguage(language: string): string {
  try {
    return Intl.getCanonicalLocales(language)[0] ?? language;
  } catch {
    return language;
  }
}
