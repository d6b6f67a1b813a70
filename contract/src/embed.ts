// No zod here: the watch page's Share dialog builds embed links and code with these; the
// oEmbed endpoint's schemas are oembed.ts's.

/** The embeddable player's page, the only page another site may frame. */
export const EMBED_PATH = (id: string) => `/embed/${encodeURIComponent(id)}`;

/** An embed's default size, 16:9, as YouTube's embed code has it. */
export const EMBED_SIZE = { width: 640, height: 360 } as const;

/** The largest 16:9 size within the bounds, never above the default. */
export function embedSize(
  maxWidth?: number,
  maxHeight?: number,
): { width: number; height: number } {
  let width: number = EMBED_SIZE.width;
  if (maxWidth !== undefined) width = Math.min(width, maxWidth);
  if (maxHeight !== undefined) width = Math.min(width, Math.floor((maxHeight * 16) / 9));
  width = Math.max(1, width);
  return { width, height: Math.max(1, Math.round((width * 9) / 16)) };
}

/** The options of an embed's URL (`/embed/{id}?autoplay=1&…`), as YouTube's embed takes them. */
export interface EmbedOptions {
  autoplay?: boolean;
  muted?: boolean;
  loop?: boolean;
  /** false hides the controls. */
  controls?: boolean;
  /** Seconds to start at. */
  start?: number;
}

/** The embed page's URL for these options, options in a fixed order. */
export function embedUrl(origin: string, id: string, options: EmbedOptions = {}): string {
  const params = new URLSearchParams();
  if (options.autoplay) params.set('autoplay', '1');
  if (options.muted) params.set('muted', '1');
  if (options.loop) params.set('loop', '1');
  if (options.controls === false) params.set('controls', '0');
  if (options.start !== undefined && options.start > 0)
    params.set('start', String(Math.floor(options.start)));
  const query = params.toString();
  return `${origin}${EMBED_PATH(id)}${query ? `?${query}` : ''}`;
}

/** The `<iframe>` that embeds a video, with the attributes YouTube's embed code has. */
export function embedCode(
  src: string,
  title: string,
  size: { width: number; height: number } = EMBED_SIZE,
): string {
  return (
    `<iframe width="${size.width}" height="${size.height}" src="${escapeAttribute(src)}" ` +
    `title="${escapeAttribute(title)}" frameborder="0" ` +
    'allow="autoplay; encrypted-media; fullscreen; picture-in-picture" ' +
    'referrerpolicy="strict-origin-when-cross-origin" allowfullscreen></iframe>'
  );
}

function escapeAttribute(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
