import { describe, expect, it } from 'vitest';
import {
  CaptionFormatError,
  captionsToWebVtt,
  decodeCaptionBytes,
  parseCaptions,
  parseTimestamp,
  sanitizeCueText,
} from './captions.js';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('SubRip to WebVTT', () => {
  it('converts timings, drops numbers, keeps line breaks and order', () => {
    const srt = `\ufeff2\r\n00:00:05,500 --> 00:00:07,000\r\nSecond\r\n\r\n1\r\n00:00:01,000 --> 00:00:04,250\r\nFirst line\r\nsecond line\r\n`;
    expect(captionsToWebVtt(bytes(srt))).toBe(
      'WEBVTT\n\n00:00:01.000 --> 00:00:04.250\nFirst line\nsecond line\n\n00:00:05.500 --> 00:00:07.000\nSecond\n',
    );
  });

  it('reads Windows-1252 files, as old SubRip files often are', () => {
    const latin = new Uint8Array([...bytes('1\n00:00:01,000 --> 00:00:02,000\nCaf'), 0xe9]);
    expect(decodeCaptionBytes(latin)).toContain('Café');
    expect(captionsToWebVtt(latin)).toContain('Café');
  });

  it('turns <font> and other tags into plain text, keeping b, i and u', () => {
    const srt =
      '1\n00:00:01,000 --> 00:00:02,000\n<font color="#ff0000"><i>Red</i></font> {\\an8}text\n';
    expect(captionsToWebVtt(bytes(srt))).toContain('\n<i>Red</i> {\\an8}text\n');
  });
});

describe('WebVTT in, clean WebVTT out', () => {
  it('keeps safe cue settings and drops styles, regions, notes and identifiers', () => {
    const vtt = [
      'WEBVTT - with a header',
      '',
      'STYLE',
      '::cue { background-image: url(https://tracker.example/x.png) }',
      '',
      'REGION',
      'id:fred width:40%',
      '',
      'NOTE a comment that is not shown',
      '',
      'intro',
      '00:01.000 --> 00:02.500 region:fred align:start line:10% position:20% evil:1',
      '<v Roger><c.loud>Hello</c></v> <00:01.500>there',
      '',
    ].join('\n');
    const out = captionsToWebVtt(bytes(vtt));
    expect(out).toBe(
      'WEBVTT\n\n00:00:01.000 --> 00:00:02.500 align:start line:10% position:20%\nHello there\n',
    );
    expect(out).not.toMatch(/tracker|STYLE|REGION|NOTE|intro|fred/);
  });
});

describe('hostile markup', () => {
  it('leaves no tag but b, i and u, and no way to end a cue early', () => {
    const evil = [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(2)>',
      '<b onclick="x()">bold</b>',
      '<i><u>open',
      '&lt;script&gt;encoded&lt;/script&gt; &#60;img&#62; &amp;amp;',
      'a --> b',
      'ctrl\u0007char\u0000',
      '<a href="javascript:alert(3)">link</a>',
      '<',
    ].join('\n');
    const clean = sanitizeCueText(evil);
    expect(clean).toBe(
      [
        'alert(1)',
        '<b>bold</b>',
        '<i><u>open',
        '&lt;script&gt;encoded&lt;/script&gt; &lt;img&gt; &amp;amp;',
        'a → b',
        'ctrlchar',
        'link</u></i>',
      ].join('\n'),
    );
    const tags = [...clean.matchAll(/<\/?([a-z]+)[^>]*>/g)].map((m) => m[0]);
    expect(new Set(tags)).toEqual(new Set(['<b>', '</b>', '<i>', '<u>', '</u>', '</i>']));
  });

  it('never lets a cue line start a new cue or a header', () => {
    const srt = '1\n00:00:01,000 --> 00:00:02,000\nWEBVTT\n00:00:03.000 --> 00:00:04.000\n';
    const cues = parseCaptions(srt);
    expect(cues).toHaveLength(1);
    expect(cues[0]!.text).toBe('WEBVTT\n00:00:03.000 → 00:00:04.000');
  });
});

describe('refusals', () => {
  it('refuses a file with no cue in it', () => {
    expect(() => parseCaptions('just some text')).toThrow(CaptionFormatError);
    expect(() => parseCaptions('WEBVTT\n\nNOTE only notes\n')).toThrow(CaptionFormatError);
    // Cues ending before they start, or with unreadable times, are skipped.
    expect(() => parseCaptions('1\n00:00:05,000 --> 00:00:01,000\nBackwards\n')).toThrow(
      CaptionFormatError,
    );
  });

  it('parses the timestamp forms of both formats', () => {
    expect(parseTimestamp('01:02:03,004')).toBe(3_723_004);
    expect(parseTimestamp('02:03.5')).toBe(123_500);
    expect(parseTimestamp('1:2:3.4')).toBeUndefined();
    expect(parseTimestamp('00:61:00.000')).toBeUndefined();
  });
});
