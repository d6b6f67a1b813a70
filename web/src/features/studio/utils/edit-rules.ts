import { LIMITS, MESSAGES } from '@contract';
import type { Video, Visibility } from '@contract';
import { validateVisibility } from '../../upload';

export type EditValues = {
  title: string;
  description: string;
  hashtag: string;
  visibility: Visibility | '';
};
export type EditField = keyof EditValues | 'thumbnail';
export type EditErrors = Partial<Record<EditField, string>>;

export function editValuesOf(video: Pick<Video, keyof EditValues>): EditValues {
  return {
    title: video.title,
    description: video.description,
    hashtag: video.hashtag,
    visibility: video.visibility,
  };
}

function tooShort(text: string): boolean {
  return text.trim().length < LIMITS.minTrimmed;
}

/** The upload's rules and messages; the thumbnail is optional here since one exists already. */
export function validateEdit(values: EditValues): EditErrors {
  const errors: EditErrors = {};
  if (tooShort(values.title) || values.title.length > LIMITS.titleMax) {
    errors.title = MESSAGES.titleMin;
  }
  if (tooShort(values.description) || values.description.length > LIMITS.descriptionMax) {
    errors.description = MESSAGES.descriptionMin;
  }
  return { ...errors, ...validateVisibility(values) };
}

/** Whether Save has anything to send: a changed field or a new thumbnail. */
export function isDirty(initial: EditValues, current: EditValues, thumbnail: File | null): boolean {
  return (
    thumbnail !== null ||
    (Object.keys(initial) as (keyof EditValues)[]).some((key) => initial[key] !== current[key])
  );
}
