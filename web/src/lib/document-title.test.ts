import { describe, expect, it } from 'vitest';
import { documentTitle } from './document-title';

describe('documentTitle', () => {
  it('puts the subject before the site name', () => {
    expect(documentTitle('Sunrise over the hills')).toBe('Sunrise over the hills - Vidshare');
    expect(documentTitle('Content', 'Vidshare Studio')).toBe('Content - Vidshare Studio');
  });

  it('is the site name alone without a subject', () => {
    expect(documentTitle(null)).toBe('Vidshare');
    expect(documentTitle(undefined)).toBe('Vidshare');
    expect(documentTitle('   ')).toBe('Vidshare');
  });

  it('folds line breaks and runs of spaces', () => {
    expect(documentTitle('  two\n lines  ')).toBe('two lines - Vidshare');
  });
});
