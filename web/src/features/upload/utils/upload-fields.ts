import { MESSAGES, videoUploadBody } from '@contract';
import { fieldErrors } from '../../../lib/field-errors';
import {
  LAST_STEP,
  type DetailsValues,
  type UploadErrors,
  type UploadField,
  type UploadValues,
  type VisibilityValues,
} from './upload-rules';

/*
 * The wizard's text-field rules, apart from upload-rules.ts: they bring the contract's zod
 * schemas, which only the lazily loaded wizard needs, while upload-rules.ts is also used by
 * the upload launcher on every page.
 */

// The upload body's own field schemas: the form refuses what the server would, with its words.
const detailsFields = videoUploadBody.fields.pick({ title: true, description: true });
const visibilityFields = videoUploadBody.fields.pick({ visibility: true, hashtag: true });

export function validateDetails(values: DetailsValues): UploadErrors {
  const errors = fieldErrors<UploadField>(detailsFields, values);
  if (!values.thumbnail) errors.thumbnail = MESSAGES.thumbnailRequired;
  return errors;
}

export function validateVisibility(values: VisibilityValues): UploadErrors {
  return fieldErrors<UploadField>(visibilityFields, values);
}

/** Only the step's own rules gate Next; steps 1 and 2 have nothing to fill in. */
export function validateStep(step: number, values: UploadValues): UploadErrors {
  if (step === 0) return validateDetails(values);
  if (step === LAST_STEP) return validateVisibility(values);
  return {};
}
