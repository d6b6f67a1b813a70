import { describe, expect, it } from 'vitest';
import { embedCode, embedSize, embedUrl } from './embed.js';

describe('embedSize', () => {
  it('is 640×360 unless bounded, and stays 16:9 within either bound', () => {
    expect(embedSize()).toEqual({ width: 640, height: 360 });
    expect(embedSize(320)).toEqual({ width: 320, height: 180 });
    expect(embedSize(undefined, 180)).toEqual({ width: 320, height: 180 });
    expect(embedSize(1000, 1000)).toEqual({ width: 640, height: 360 });
    expect(embedSize(400, 90)).toEqual({ width: 160, height: 90 });
  });
});

describe('embedUrl and embedCode', () => {
  it('writes only the options that differ from the player’s defaults', () => {
    expect(embedUrl('https://v.example', 'abc')).toBe('https://v.example/embed/abc');
    expect(
      embedUrl('https://v.example', 'abc', {
        autoplay: true,
        muted: true,
        loop: true,
        controls: false,
        start: 90.7,
      }),
    ).toBe('https://v.example/embed/abc?autoplay=1&muted=1&loop=1&controls=0&start=90');
    expect(embedUrl('https://v.example', 'abc', { controls: true, start: 0 })).toBe(
      'https://v.example/embed/abc',
    );
  });

  it('escapes the title and URL into the iframe’s attributes', () => {
    const code = embedCode('https://v.example/embed/abc?a=1&b=2', `"><script>x</script>`);
    expect(code).toContain('src="https://v.example/embed/abc?a=1&#38;b=2"');
    expect(code).toContain('title="&#34;&#62;&#60;script&#62;x&#60;/script&#62;"');
    expect(code).not.toContain('<script>');
    expect(code).toMatch(/^<iframe width="640" height="360" .*allowfullscreen><\/iframe>$/);
  });
});
