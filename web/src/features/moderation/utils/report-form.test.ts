import { describe, expect, it } from 'vitest';
import { reportFromDraft } from './report-form';

const target = { type: 'video' as const, id: '0123456789abcdef01234567' };

describe('reportFromDraft', () => {
  it('asks for a reason first', () => {
    expect(reportFromDraft(target, { reason: '', details: '' })).toEqual({
      problem: 'Choose a reason.',
      field: 'reason',
    });
  });

  it('builds the body, leaving out empty details', () => {
    expect(reportFromDraft(target, { reason: 'spam', details: '   ' })).toEqual({
      body: { targetType: 'video', targetId: target.id, reason: 'spam' },
    });
  });

  it('requires details with "other", in the server’s words', () => {
    expect(reportFromDraft(target, { reason: 'other', details: ' ' })).toEqual({
      problem: 'Tell us what is wrong when the reason is "Other".',
      field: 'details',
    });
    expect(reportFromDraft(target, { reason: 'other', details: ' A scam ' })).toEqual({
      body: { targetType: 'video', targetId: target.id, reason: 'other', details: 'A scam' },
    });
  });

  it('refuses details that are too long', () => {
    const result = reportFromDraft(target, { reason: 'spam', details: 'x'.repeat(1001) });
    expect(result).toMatchObject({ field: 'details' });
  });
});
