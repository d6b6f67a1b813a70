import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import {
  UPLOAD_FAILED,
  UPLOAD_OFFLINE,
  UPLOAD_SIGNED_OUT,
  uploadErrorMessage,
} from './upload-error';

describe('uploadErrorMessage', () => {
  it('prefers the server message', () => {
    const error = new ApiError(415, 'The video file is not a supported video.');
    expect(uploadErrorMessage(error)).toBe('The video file is not a supported video.');
  });

  it('falls back by status', () => {
    expect(uploadErrorMessage(new ApiError(0, ''))).toBe(UPLOAD_OFFLINE);
    expect(uploadErrorMessage(new ApiError(401, ' '))).toBe(UPLOAD_SIGNED_OUT);
    expect(uploadErrorMessage(new ApiError(500, ''))).toBe(UPLOAD_FAILED);
    expect(uploadErrorMessage(new Error('boom'))).toBe(UPLOAD_FAILED);
  });
});
