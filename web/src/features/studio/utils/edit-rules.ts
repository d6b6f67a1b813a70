import { videoEditBody } from '@contract';
import type { CommentsMode, Video, Visibility } from '@contract';
import { fieldErrors } from '../../../lib/field-errors';

export type EditValues = {
  title: string;
  description: string;
  hashtag: string;
  visibility: Visibility | '';
  commentsMode: CommentsMode;
};
export type EditField = keyof EditValues | 'thumbnail';
export type EditErrors = Partial<Record<EditField, string>>;

export function editValuesOf(video: Pick<Video, keyof EditValues>): EditValues {
  return {
    title: video.title,
    description: video.description,
    hashtag: video.hashtag,
    visibility: video.visibility,
    commentsMode: video.commentsMode,
  };
}

// The edit body's own field schemas: the form refuses what the server would, with its words.
const editFields = videoEditBody.fields.pick({
  title: true,
  description: true,
  hashtag: true,
  visibility: true,
  commentsMode: true,
});

/** The server's rules and messages; the thumbnail is optional here since one exists already. */
export function validateEdit(values: EditValues): EditErrors {
  return fieldErrors<EditField>(editFields, values);
}

/** Whether Save has anything to send: a changed field or a new thumbnail. */
export function isDirty(initial: EditValues, current: EditValues, thumbnail: File | null): boolean {
  return (
    thumbnail !== null ||
    (Object.keys(initial) as (keyof EditValues)[]).some((key) => initial[key] !== current[key])
  );
}
