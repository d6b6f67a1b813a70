import { describe, expect, it } from 'vitest';
import { subtitleRowProblem, subtitlesToUpload } from './subtitle-rows';

const file = (name: string, size = 10) => new File([new Uint8Array(size)], name);

describe('subtitle rows', () => {
  it('accepts an unused row and a complete one, and says what is missing otherwise', () => {
    expect(subtitleRowProblem({ language: '', file: null })).toBeNull();
    expect(subtitleRowProblem({ language: 'en', file: file('a.srt') })).toBeNull();
    expect(subtitleRowProblem({ language: 'en', file: null })).toMatch(/Choose a subtitle file/);
    expect(subtitleRowProblem({ language: '', file: file('a.vtt') })).toMatch(/language code/);
    expect(subtitleRowProblem({ language: 'en', file: file('a.txt') })).toMatch(/\.srt or \.vtt/);
    expect(subtitleRowProblem({ language: 'en', file: file('a.srt', 1024 * 1024 + 1) })).toMatch(
      /1 MiB/,
    );
  });

  it('uploads complete rows, one per language', () => {
    const first = file('en1.srt');
    const second = file('en2.srt');
    expect(
      subtitlesToUpload([
        { language: 'en', file: first },
        { language: '', file: null },
        { language: 'EN', file: second },
        { language: 'fr', file: null },
      ]),
    ).toEqual([{ language: 'en', file: second }]);
  });
});
