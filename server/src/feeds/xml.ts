/**
 * Text for XML (feeds, sitemaps) and HTML: the five special characters become entities, and
 * characters XML 1.0 does not allow at all (C0 controls but tab and line breaks, lone
 * surrogates, U+FFFE/U+FFFF) are dropped, so no stored text can make a document malformed.
 */
export function escapeXml(text: string): string {
  return text
    .replace(
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
      '',
    )
    .replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** `<name a="…">text</name>` with escaped attributes and text; no element when text is undefined. */
export function element(
  name: string,
  text: string | undefined,
  attributes: Record<string, string | number | undefined> = {},
): string {
  if (text === undefined) return '';
  return `<${name}${attrs(attributes)}>${escapeXml(text)}</${name}>`;
}

/** `<name a="…"/>`. */
export function empty(
  name: string,
  attributes: Record<string, string | number | undefined>,
): string {
  return `<${name}${attrs(attributes)}/>`;
}

function attrs(attributes: Record<string, string | number | undefined>): string {
  let out = '';
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined) continue;
    out += ` ${key}="${escapeXml(String(value))}"`;
  }
  return out;
}

/** A URL as feeds need it: absolute, on `origin` when the answer gave a path. */
export function absoluteUrl(origin: string, url: string): string {
  return url.startsWith('/') ? `${origin}${url}` : url;
}
