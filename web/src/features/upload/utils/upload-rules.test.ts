import { LIMITS, MESSAGES, MIB, parseFormBody, videoUploadBody, type Visibility } from '@contract';
import { describe, expect, it } from 'vitest';
import {
  defaultTitle,
  durationText,
  firstStepWithError,
  formatMegabytes,
  hasErrors,
  isPublishedFor,
  isVideoFile,
  NOT_A_VIDEO,
  NOT_AN_IMAGE,
  progressPercent,
  thumbnailProblem,
  videoFileProblem,
  type UploadValues,
} from './upload-rules';
import { validateDetails, validateStep, validateVisibility } from './upload-fields';

const image = { type: 'image/png', size: 1000 } as File;
const valid: UploadValues = {
  title: 'My trip',
  description: 'Some words',
  thumbnail: image,
  visibility: 'public',
  hashtag: '#travel',
};

describe('video file rules', () => {
  it('accepts video MIME types and known extensions when the type is empty', () => {
    expect(isVideoFile({ name: 'a.mp4', type: 'video/mp4' })).toBe(true);
    expect(isVideoFile({ name: 'clip.MKV', type: '' })).toBe(true);
    expect(isVideoFile({ name: 'notes.txt', type: 'text/plain' })).toBe(false);
    expect(isVideoFile({ name: 'fake.mp4', type: 'image/png' })).toBe(false);
    expect(isVideoFile({ name: 'noextension', type: '' })).toBe(false);
  });

  it('rejects non-videos and anything over 25 MiB', () => {
    expect(videoFileProblem({ name: 'a.txt', type: 'text/plain', size: 1 })).toBe(NOT_A_VIDEO);
    expect(videoFileProblem({ name: 'a.mp4', type: 'video/mp4', size: 25 * MIB + 1 })).toBe(
      MESSAGES.videoTooLarge,
    );
    expect(videoFileProblem({ name: 'a.mp4', type: 'video/mp4', size: 25 * MIB })).toBeNull();
  });
});

describe('thumbnailProblem', () => {
  it('allows images up to 25 MiB exactly', () => {
    expect(thumbnailProblem({ type: 'image/jpeg', size: LIMITS.imageMaxBytes })).toBeNull();
    expect(thumbnailProblem({ type: 'image/jpeg', size: LIMITS.imageMaxBytes + 1 })).toBe(
      'File size exceeds 25MB. Please upload a smaller file.',
    );
    expect(thumbnailProblem({ type: 'video/mp4', size: 10 })).toBe(NOT_AN_IMAGE);
  });
});

describe('formatMegabytes', () => {
  it('uses 1 MB = 1048576 bytes and two decimals', () => {
    expect(formatMegabytes(0)).toBe('0.00 MB');
    expect(formatMegabytes(MIB)).toBe('1.00 MB');
    expect(formatMegabytes(1.5 * MIB)).toBe('1.50 MB');
    expect(formatMegabytes(123_456)).toBe('0.12 MB');
    expect(formatMegabytes(Number.NaN)).toBe('0.00 MB');
  });
});

describe('defaultTitle', () => {
  it('drops the extension and keeps names without one', () => {
    expect(defaultTitle('Holiday in Rome.mp4')).toBe('Holiday in Rome');
    expect(defaultTitle('archive.tar.mov')).toBe('archive.tar');
    expect(defaultTitle('.hidden')).toBe('.hidden');
    expect(defaultTitle('plain')).toBe('plain');
  });

  it('fits the title limit', () => {
    expect(defaultTitle(`${'x'.repeat(150)}.mp4`)).toHaveLength(LIMITS.titleMax);
  });
});

describe('validateDetails', () => {
  it('passes complete details', () => {
    expect(validateDetails(valid)).toEqual({});
  });

  it('requires 4 trimmed characters for title and description and a thumbnail', () => {
    expect(validateDetails({ title: '  abc  ', description: ' ab ', thumbnail: null })).toEqual({
      title: MESSAGES.titleMin,
      description: MESSAGES.descriptionMin,
      thumbnail: MESSAGES.thumbnailRequired,
    });
  });

  it('enforces the maximum lengths', () => {
    const errors = validateDetails({
      ...valid,
      title: 'x'.repeat(101),
      description: 'y'.repeat(5001),
    });
    expect(Object.keys(errors).sort()).toEqual(['description', 'title']);
  });
});

describe('validateVisibility', () => {
  it('requires a visibility and a hashtag of 4+ characters', () => {
    expect(validateVisibility({ visibility: '', hashtag: ' #a ' })).toEqual({
      visibility: MESSAGES.visibilityRequired,
      hashtag: MESSAGES.hashtagRequired,
    });
    expect(validateVisibility({ visibility: 'unlisted', hashtag: '#fun' })).toEqual({});
    expect(validateVisibility({ visibility: 'public', hashtag: '#'.repeat(5001) })).toEqual({
      hashtag: `Hashtag must be at most ${LIMITS.hashtagMax} characters long.`,
    });
  });
});

describe('the form refuses what the server refuses, in its words', () => {
  const cases: Record<string, string>[] = [
    { title: 'A title', description: 'Some words', hashtag: '#tag', visibility: 'public' },
    { title: '  ab  ', description: '', hashtag: '', visibility: '' },
    { title: 'Two\nlines', description: 'Fine\nacross lines', hashtag: '#a\nb', visibility: 'x' },
    {
      title: `  ${'t'.repeat(LIMITS.titleMax)}  `,
      description: 'd'.repeat(5001),
      hashtag: '#ok!',
      visibility: 'private',
    },
    {
      title: 'x'.repeat(LIMITS.titleMax + 1),
      description: '\u0000bad',
      hashtag: '    ',
      visibility: 'unlisted',
    },
  ];
  it.each(cases)('%o', (fields) => {
    const server = parseFormBody(videoUploadBody, fields, () => true);
    const expected = Object.fromEntries(
      server.success ? [] : server.errors.map((e) => [e.field, e.message]),
    );
    const form = {
      ...validateDetails({
        title: fields.title!,
        description: fields.description!,
        thumbnail: image,
      }),
      ...validateVisibility({
        visibility: fields.visibility as Visibility,
        hashtag: fields.hashtag!,
      }),
    };
    expect(form).toEqual(expected);
  });
});

describe('validateStep', () => {
  it('gates only the details and visibility steps', () => {
    const empty: UploadValues = {
      title: '',
      description: '',
      thumbnail: null,
      visibility: '',
      hashtag: '',
    };
    expect(Object.keys(validateStep(0, empty))).toEqual(['title', 'description', 'thumbnail']);
    expect(validateStep(1, empty)).toEqual({});
    expect(validateStep(2, empty)).toEqual({});
    expect(Object.keys(validateStep(3, empty))).toEqual(['visibility', 'hashtag']);
    expect(hasErrors(validateStep(3, valid))).toBe(false);
  });

  it('finds the first step to return to', () => {
    expect(firstStepWithError({ hashtag: 'x', thumbnail: 'y' })).toBe(0);
    expect(firstStepWithError({ visibility: 'x' })).toBe(3);
    expect(firstStepWithError({})).toBeNull();
  });
});

describe('isPublishedFor', () => {
  it('is true only for public', () => {
    expect(isPublishedFor('public')).toBe(true);
    expect(isPublishedFor('unlisted')).toBe(false);
    expect(isPublishedFor('private')).toBe(false);
  });
});

describe('durationText', () => {
  it('sends seconds as text and 0 for unreadable values', () => {
    expect(durationText(3.0416667)).toBe('3.042');
    expect(durationText(12)).toBe('12');
    expect(durationText(Number.NaN)).toBe('0');
    expect(durationText(Number.POSITIVE_INFINITY)).toBe('0');
    expect(durationText(-1)).toBe('0');
  });
});

describe('progressPercent', () => {
  it('rounds down and stays within 0..100', () => {
    expect(progressPercent(0, 100)).toBe(0);
    expect(progressPercent(499, 1000)).toBe(49);
    expect(progressPercent(1000, 1000)).toBe(100);
    expect(progressPercent(2000, 1000)).toBe(100);
    expect(progressPercent(10, 0)).toBe(0);
  });
});
