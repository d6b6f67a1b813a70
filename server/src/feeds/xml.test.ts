import { describe, expect, it } from 'vitest';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { absoluteUrl, element, empty, escapeXml } from './xml.js';

describe('escapeXml', () => {
  it('escapes markup and quotes', () => {
    expect(escapeXml(`<script>alert("x")</script> & 'y'`)).toBe(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &apos;y&apos;',
    );
  });

  it('drops characters XML cannot hold, keeps tabs, line breaks and emoji', () => {
    expect(escapeXml('a\u0000b\u0007c\td\ne\u000bf\ufffe\ud800g 🎥')).toBe('abc\td\nefg 🎥');
  });

  it('makes documents that parse back to the same text', () => {
    const hostile = `]]><!-- --><!DOCTYPE x [<!ENTITY a "b">]>&a;\u0001</t>`;
    const xml = `<r>${element('t', hostile, { a: `"'<&>` })}${empty('e', { href: 'x?a=1&b=2' })}</r>`;
    expect(XMLValidator.validate(xml)).toBe(true);
    const parsed = new XMLParser({ ignoreAttributes: false, processEntities: true }).parse(xml);
    expect(parsed.r.t['#text']).toBe(hostile.replace('\u0001', ''));
    expect(parsed.r.t['@_a']).toBe(`"'<&>`);
    expect(parsed.r.e['@_href']).toBe('x?a=1&b=2');
  });
});

describe('absoluteUrl', () => {
  it('puts paths on the origin and leaves absolute URLs alone', () => {
    expect(absoluteUrl('https://v.example', '/media/a.mp4')).toBe('https://v.example/media/a.mp4');
    expect(absoluteUrl('https://v.example', 'https://cdn.example/a.mp4')).toBe(
      'https://cdn.example/a.mp4',
    );
  });
});
