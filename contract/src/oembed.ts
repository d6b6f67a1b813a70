import { z } from 'zod';

/** GET /oembed (oEmbed 1.0): describes a watch or embed URL of this site. */
export const oembedQuerySchema = z.object({
  url: z.string().min(1).max(2000),
  format: z.enum(['json', 'xml']).default('json'),
  maxwidth: z.coerce.number().int().min(1).max(10_000).optional(),
  maxheight: z.coerce.number().int().min(1).max(10_000).optional(),
});
export type OembedQuery = z.infer<typeof oembedQuerySchema>;

/** The oEmbed "video" answer, at the top level (no envelope), as the specification defines it. */
export const oembedSchema = z.object({
  type: z.literal('video'),
  version: z.literal('1.0'),
  title: z.string(),
  author_name: z.string(),
  author_url: z.string(),
  provider_name: z.string(),
  provider_url: z.string(),
  // All three or none: none when the thumbnail is larger than maxwidth or maxheight.
  thumbnail_url: z.string().optional(),
  thumbnail_width: z.number().int().optional(),
  thumbnail_height: z.number().int().optional(),
  html: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type Oembed = z.infer<typeof oembedSchema>;
