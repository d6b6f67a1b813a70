import { describe, expect, it } from 'vitest';
import { COMMENT_QUOTE_MAX, quote, settingsOf } from './notification.service.js';

describe('settingsOf', () => {
  it('wants every kind until told otherwise', () => {
    expect(settingsOf(undefined)).toEqual({
      new_video: true,
      comment_reply: true,
      video_comment: true,
      processing_done: true,
      processing_failed: true,
    });
  });

  it('reads each kind from its column', () => {
    const row = {
      user_id: 'u',
      history_paused: 0,
      history_resumed_at: null,
      notify_new_video: 0,
      notify_comment_reply: 1,
      notify_video_comment: 0,
      notify_processing_done: 1,
      notify_processing_failed: 1,
      notifications_read_before: 0,
      updated_at: 0,
    };
    expect(settingsOf(row)).toEqual({
      new_video: false,
      comment_reply: true,
      video_comment: false,
      processing_done: true,
      processing_failed: true,
    });
  });
});

describe('quote', () => {
  it('keeps a short comment whole and cuts a long one with an ellipsis', () => {
    expect(quote('Nice')).toBe('Nice');
    const long = 'a'.repeat(COMMENT_QUOTE_MAX + 10);
    const cut = quote(long);
    expect([...cut]).toHaveLength(COMMENT_QUOTE_MAX);
    expect(cut.endsWith('…')).toBe(true);
  });

  it('never splits a character made of two code units', () => {
    const cut = quote('😀'.repeat(COMMENT_QUOTE_MAX + 1));
    expect(cut).toBe(`${'😀'.repeat(COMMENT_QUOTE_MAX - 1)}…`);
  });
});
