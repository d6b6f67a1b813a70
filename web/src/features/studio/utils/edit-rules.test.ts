import { MESSAGES } from '@contract';
import { describe, expect, it } from 'vitest';
import { isDirty, validateEdit, type EditValues } from './edit-rules';

const valid: EditValues = {
  title: 'My clip',
  description: 'About it',
  hashtag: '#fun',
  visibility: 'public',
};

describe('validateEdit', () => {
  it('accepts valid values', () => {
    expect(validateEdit(valid)).toEqual({});
  });
  it('uses the upload messages', () => {
    expect(
      validateEdit({ title: ' ab ', description: '   ', hashtag: 'x', visibility: '' }),
    ).toEqual({
      title: MESSAGES.titleMin,
      description: MESSAGES.descriptionMin,
      hashtag: MESSAGES.hashtagRequired,
      visibility: MESSAGES.visibilityRequired,
    });
    expect(validateEdit({ ...valid, title: 'x'.repeat(101) }).title).toBe(MESSAGES.titleMin);
  });
});

describe('isDirty', () => {
  it('notices a changed field or a new thumbnail', () => {
    expect(isDirty(valid, { ...valid }, null)).toBe(false);
    expect(isDirty(valid, { ...valid, visibility: 'private' }, null)).toBe(true);
    expect(isDirty(valid, valid, new File(['x'], 'a.png', { type: 'image/png' }))).toBe(true);
  });
});
