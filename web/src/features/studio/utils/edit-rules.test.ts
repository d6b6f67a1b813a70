import { LIMITS, MESSAGES, parseFormBody, videoEditBody } from '@contract';
import { describe, expect, it } from 'vitest';
import { isDirty, validateEdit, type EditValues } from './edit-rules';

const valid: EditValues = {
  title: 'My clip',
  description: 'About it',
  hashtag: '#fun',
  visibility: 'public',
  commentsMode: 'open',
};

describe('validateEdit', () => {
  it('accepts valid values', () => {
    expect(validateEdit(valid)).toEqual({});
  });
  it('uses the upload messages', () => {
    expect(
      validateEdit({ ...valid, title: ' ab ', description: '   ', hashtag: 'x', visibility: '' }),
    ).toEqual({
      title: MESSAGES.titleMin,
      description: MESSAGES.descriptionMin,
      hashtag: MESSAGES.hashtagRequired,
      visibility: MESSAGES.visibilityRequired,
    });
    expect(validateEdit({ ...valid, title: 'x'.repeat(LIMITS.titleMax + 1) }).title).toBe(
      `Title must be at most ${LIMITS.titleMax} characters long.`,
    );
  });
  it('refuses what the edit request would be refused for, in the same words', () => {
    const values: EditValues = { ...valid, title: 'One\ntwo', hashtag: '#a' };
    const server = parseFormBody(videoEditBody, values, () => false);
    expect(server.success).toBe(false);
    expect(validateEdit(values)).toEqual(
      Object.fromEntries(server.success ? [] : server.errors.map((e) => [e.field, e.message])),
    );
  });
});

describe('isDirty', () => {
  it('notices a changed field or a new thumbnail', () => {
    expect(isDirty(valid, { ...valid }, null)).toBe(false);
    expect(isDirty(valid, { ...valid, visibility: 'private' }, null)).toBe(true);
    expect(isDirty(valid, valid, new File(['x'], 'a.png', { type: 'image/png' }))).toBe(true);
  });
});
