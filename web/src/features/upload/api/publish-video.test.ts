import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { readPublishAnswer, toPublishForm, type PublishVideoInput } from './publish-video';

const input = (visibility: PublishVideoInput['visibility']): PublishVideoInput => ({
  title: '  Sunset  ',
  description: 'Over the sea',
  hashtag: '#sea',
  visibility,
  duration: '3.5',
  videoFile: new File(['v'], 'sunset.mp4', { type: 'video/mp4' }),
  thumbnail: new File(['t'], 'sunset.png', { type: 'image/png' }),
});

describe('toPublishForm', () => {
  it('sends every multipart field the server reads', () => {
    const form = toPublishForm(input('public'));
    expect(form.get('title')).toBe('Sunset');
    expect(form.get('description')).toBe('Over the sea');
    expect(form.get('hashtag')).toBe('#sea');
    expect(form.get('visibility')).toBe('public');
    expect(form.get('isPublished')).toBe('true');
    expect(form.get('duration')).toBe('3.5');
    expect((form.get('videoFile') as File).name).toBe('sunset.mp4');
    expect((form.get('thumbnail') as File).name).toBe('sunset.png');
  });

  it('marks private and unlisted uploads as unpublished', () => {
    expect(toPublishForm(input('unlisted')).get('isPublished')).toBe('false');
    expect(toPublishForm(input('private')).get('isPublished')).toBe('false');
  });
});

describe('readPublishAnswer', () => {
  it('returns the created video', () => {
    const text = JSON.stringify({ statusCode: 201, success: true, data: { _id: 'abc' } });
    expect(readPublishAnswer(201, text)._id).toBe('abc');
  });

  it('carries the server message of a failure', () => {
    const text = JSON.stringify({ statusCode: 413, success: false, message: 'Too big.' });
    expect(() => readPublishAnswer(413, text)).toThrow(ApiError);
    try {
      readPublishAnswer(413, text);
    } catch (error) {
      expect((error as ApiError).status).toBe(413);
      expect((error as ApiError).message).toBe('Too big.');
    }
  });

  it('tolerates bodies that are not the envelope', () => {
    expect(() => readPublishAnswer(502, '<html>Bad gateway</html>')).toThrow(ApiError);
    expect(() => readPublishAnswer(201, 'not json')).toThrow(ApiError);
  });
});

describe('toPublishForm with a resumable upload', () => {
  it('sends the upload’s id in place of the file', () => {
    const form = toPublishForm({
      ...input('public'),
      videoFile: undefined,
      uploadId: 'a'.repeat(32),
    });
    expect(form.get('uploadId')).toBe('a'.repeat(32));
    expect(form.get('videoFile')).toBeNull();
  });
});
