import { describe, expect, it } from 'vitest';
import { parseFormBody } from './form-body.js';
import { MESSAGES } from './messages.js';
import { registerBody } from './user.js';
import { deriveVisibility, videoEditBody, videoUploadBody } from './video.js';

const none = () => false;
const all = () => true;

describe('deriveVisibility', () => {
  it('takes visibility when given, else maps isPublished', () => {
    expect(deriveVisibility({ visibility: 'unlisted', isPublished: 'true' })).toBe('unlisted');
    expect(deriveVisibility({ isPublished: 'true' })).toBe('public');
    expect(deriveVisibility({ isPublished: 'false' })).toBe('private');
    expect(deriveVisibility({ isPublished: false })).toBe('private');
    expect(deriveVisibility({ visibility: '  ', isPublished: 'false' })).toBe('private');
    expect(deriveVisibility({})).toBeUndefined();
    expect(deriveVisibility({ isPublished: 'yes' })).toBeUndefined();
  });
});

describe('form bodies', () => {
  const upload = {
    title: '  A title ',
    description: 'Some words',
    hashtag: '#tag',
    isPublished: 'false',
    duration: '12.5',
  };

  it('an upload takes isPublished for visibility and trims its text', () => {
    const r = parseFormBody(videoUploadBody, upload, all);
    expect(r).toEqual({
      success: true,
      data: {
        title: 'A title',
        description: 'Some words',
        hashtag: '#tag',
        visibility: 'private',
        isPublished: 'false',
        duration: '12.5',
      },
    });
  });

  it('reports text fields first, one message per field, then each absent required file', () => {
    const r = parseFormBody(videoUploadBody, { title: 'ab', isPublished: 'maybe' }, none);
    expect(r).toEqual({
      success: false,
      errors: [
        { field: 'title', message: MESSAGES.titleMin },
        { field: 'description', message: MESSAGES.descriptionMin },
        { field: 'hashtag', message: MESSAGES.hashtagRequired },
        { field: 'visibility', message: MESSAGES.visibilityRequired },
        { field: 'videoFile', message: MESSAGES.videoRequired },
        { field: 'thumbnail', message: MESSAGES.thumbnailRequired },
      ],
    });
  });

  it('a valid form without its files is refused for the files alone', () => {
    const r = parseFormBody(videoUploadBody, upload, (name) => name === 'videoFile');
    expect(r).toEqual({
      success: false,
      errors: [{ field: 'thumbnail', message: MESSAGES.thumbnailRequired }],
    });
  });

  it('an edit takes any subset and requires no file', () => {
    expect(parseFormBody(videoEditBody, {}, none)).toEqual({ success: true, data: {} });
    const r = parseFormBody(videoEditBody, { visibility: 'sideways' }, none);
    expect(r).toEqual({
      success: false,
      errors: [{ field: 'visibility', message: MESSAGES.visibilityRequired }],
    });
  });

  it('a sign-up needs its avatar, after the text fields, and the cover image is optional', () => {
    const fields = {
      username: 'Someone',
      email: 'someone@example.com',
      password: 'a long unusual passphrase 42',
      fullName: 'Some One',
    };
    const missing = parseFormBody(registerBody, fields, none);
    expect(missing).toEqual({
      success: false,
      errors: [{ field: 'avatar', message: MESSAGES.avatarRequired }],
    });
    const ok = parseFormBody(registerBody, fields, (name) => name === 'avatar');
    expect(ok.success && ok.data.username).toBe('someone');
  });

  it('file parts carry the limits the reader enforces', () => {
    expect(videoUploadBody.files.videoFile!.tooLarge).toBe(MESSAGES.videoTooLarge);
    expect(registerBody.files.coverImage!.required).toBeUndefined();
  });
});
