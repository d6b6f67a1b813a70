import { describe, expect, it } from 'vitest';
import { searchPath, topicSearchPath } from './search';

describe('searchPath', () => {
  it('ignores empty and whitespace-only text', () => {
    expect(searchPath('')).toBeNull();
    expect(searchPath('   \t\n')).toBeNull();
  });

  it('encodes the trimmed text into the query string', () => {
    expect(searchPath('music')).toBe('/search?q=music');
    expect(searchPath('  sea water ')).toBe('/search?q=sea%20water');
    expect(searchPath('rock & roll?')).toBe('/search?q=rock%20%26%20roll%3F');
    expect(searchPath('#travel')).toBe('/search?q=%23travel');
  });
});

describe('topicSearchPath', () => {
  it('searches for the lower-case topic name', () => {
    expect(topicSearchPath('Music')).toBe('/search?q=music');
    expect(topicSearchPath('Artificial Intelligence')).toBe('/search?q=artificial%20intelligence');
    expect(topicSearchPath('İstanbul')).toBe('/search?q=i%CC%87stanbul');
  });
});
