import { describe, expect, it } from 'vitest';
import type { SweepVideoRow } from '../repositories/orphan-sweep.repository.js';
import {
  LOST_FILES_REASONS,
  isPastGrace,
  isReferenced,
  isUnfinishedWrite,
  lostFilesReason,
  originalKeyOf,
  requiredKeys,
  videoIdOfKey,
} from './orphan-rules.js';

const ID = 'a'.repeat(24);
const TOKEN = '0123456789abcdef';
const PREFIX = `videos/${ID}/${TOKEN}/`;
const row = (over: Partial<SweepVideoRow> = {}): SweepVideoRow => ({
  id: ID,
  owner_id: 'b'.repeat(24),
  media_token: TOKEN,
  video_key: `${PREFIX}video.mp4`,
  thumbnail_key: `${PREFIX}thumbnail-aaaaaaaaaaaa.webp`,
  original_name: 'original.mp4',
  status: 'ready',
  playable: 1,
  processing_error: null,
  reprocess_token: null,
  caption_files: ['en-aaaaaaaaaaaa.vtt'],
  ...over,
});

describe('videoIdOfKey', () => {
  it('names the video of keys under its folder, and nothing else', () => {
    expect(videoIdOfKey(`${PREFIX}hls/360p/seg-1.ts`)).toBe(ID);
    expect(videoIdOfKey(`videos/${ID}.mp4`)).toBeUndefined();
    expect(videoIdOfKey(`videos/${ID}`)).toBeUndefined();
    expect(videoIdOfKey('videos/not-an-id/x')).toBeUndefined();
    expect(videoIdOfKey(`images/${ID}.webp`)).toBeUndefined();
    expect(videoIdOfKey(`uploads/${ID}/part-1`)).toBeUndefined();
  });
});

describe('isReferenced', () => {
  it('covers the row’s files and every finished file under its current prefix', () => {
    expect(isReferenced(row(), `${PREFIX}hls/720p/index.m3u8`)).toBe(true);
    expect(isReferenced(row(), `${PREFIX}original.mp4`)).toBe(true);
  });

  it('covers the caption files its caption rows name, and no other', () => {
    expect(isReferenced(row(), `${PREFIX}captions/en-aaaaaaaaaaaa.vtt`)).toBe(true);
    expect(isReferenced(row(), `${PREFIX}captions/en-bbbbbbbbbbbb.vtt`)).toBe(false);
    expect(isReferenced(row({ caption_files: [] }), `${PREFIX}captions/en-aaaaaaaaaaaa.vtt`)).toBe(
      false,
    );
  });

  it('leaves out other prefixes of the same video and unfinished writes', () => {
    expect(isReferenced(row(), `videos/${ID}/fedcba9876543210/video.mp4`)).toBe(false);
    expect(isReferenced(row(), `${PREFIX}poster.jpg.partial`)).toBe(false);
    expect(isReferenced(row({ media_token: null }), `${PREFIX}poster.jpg`)).toBe(false);
  });

  it('covers the finished files of the prefix a pending reprocess fills', () => {
    const pending = 'fedcba9876543210';
    const writing = row({ reprocess_token: pending });
    expect(isReferenced(writing, `videos/${ID}/${pending}/hls/720p/index.m3u8`)).toBe(true);
    expect(isReferenced(writing, `videos/${ID}/${pending}/poster.jpg.partial`)).toBe(false);
    expect(isReferenced(writing, `videos/${ID}/0000000000000000/video.mp4`)).toBe(false);
  });
});

describe('requiredKeys', () => {
  it('is the video file of a video that plays', () => {
    expect(requiredKeys(row())).toEqual([row().video_key]);
  });

  it('is the original of one waiting for processing or a retry', () => {
    for (const status of ['processing', 'failed']) {
      expect(requiredKeys(row({ status, playable: 0 }))).toEqual([`${PREFIX}original.mp4`]);
    }
    // An H.264 upload plays (remuxed) while its renditions are still being made.
    expect(requiredKeys(row({ status: 'processing', playable: 1 }))).toEqual([
      row().video_key,
      `${PREFIX}original.mp4`,
    ]);
  });

  it('is the video file alone once a ready video’s original was dropped (KEEP_ORIGINALS=false)', () => {
    expect(requiredKeys(row({ original_name: null }))).toEqual([row().video_key]);
  });
});

describe('lostFilesReason', () => {
  it('offers Retry while the original is there, and a new upload otherwise', () => {
    expect(lostFilesReason(true)).toBe(LOST_FILES_REASONS.retry);
    expect(lostFilesReason(false)).toBe(LOST_FILES_REASONS.reupload);
  });
});

describe('originalKeyOf', () => {
  it('is under the current prefix, for rows that keep an original', () => {
    expect(originalKeyOf(row())).toBe(`${PREFIX}original.mp4`);
    expect(originalKeyOf(row({ original_name: null }))).toBeUndefined();
    expect(originalKeyOf(row({ media_token: null }))).toBeUndefined();
  });
});

describe('isUnfinishedWrite and isPastGrace', () => {
  it('recognise a disk’s temporary names and old enough objects', () => {
    expect(isUnfinishedWrite(`${PREFIX}video.mp4.partial`)).toBe(true);
    expect(isUnfinishedWrite(`${PREFIX}video.mp4`)).toBe(false);
    expect(isPastGrace(1000, 4600, 3600)).toBe(true);
    expect(isPastGrace(1001, 4600, 3600)).toBe(false);
    // Written within the current millisecond: past a grace period of zero.
    expect(isPastGrace(4600.7, 4600, 0)).toBe(true);
    expect(isPastGrace(4600.7, 4600, 1)).toBe(false);
  });
});
