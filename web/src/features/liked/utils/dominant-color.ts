export type Rgb = { r: number; g: number; b: number };

/** Pixels more transparent than this say nothing about how the picture looks. */
const MIN_ALPHA = 128;
/** 4 bits per channel: close shades share a bucket, so noise does not split a colour. */
const SHIFT = 4;

/**
 * The most common colour of an RGBA pixel array (as canvas getImageData gives it): pixels are
 * grouped into coarse buckets, the fullest bucket wins (the lower bucket on a tie, so the
 * answer is stable), and its pixels are averaged. Null when no pixel is opaque enough.
 */
export function dominantColor(pixels: ArrayLike<number>): Rgb | null {
  const buckets = new Map<number, { count: number; r: number; g: number; b: number }>();
  for (let i = 0; i + 3 < pixels.length; i += 4) {
    const r = pixels[i] ?? 0;
    const g = pixels[i + 1] ?? 0;
    const b = pixels[i + 2] ?? 0;
    const a = pixels[i + 3] ?? 0;
    if (a < MIN_ALPHA) continue;
    const key = ((r >> SHIFT) << 8) | ((g >> SHIFT) << 4) | (b >> SHIFT);
    const bucket = buckets.get(key);
    if (bucket) {
      bucket.count += 1;
      bucket.r += r;
      bucket.g += g;
      bucket.b += b;
    } else {
      buckets.set(key, { count: 1, r, g, b });
    }
  }

  let bestKey = -1;
  let best: { count: number; r: number; g: number; b: number } | undefined;
  for (const [key, bucket] of buckets) {
    if (!best || bucket.count > best.count || (bucket.count === best.count && key < bestKey)) {
      best = bucket;
      bestKey = key;
    }
  }
  if (!best) return null;
  return {
    r: Math.round(best.r / best.count),
    g: Math.round(best.g / best.count),
    b: Math.round(best.b / best.count),
  };
}

function rgbToHsl({ r, g, b }: Rgb): [h: number, s: number, l: number] {
  const rn = r / 255;
  const gn = g / 255;
  const bn = b / 255;
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  let h: number;
  if (max === rn) h = (gn - bn) / d + (gn < bn ? 6 : 0);
  else if (max === gn) h = (bn - rn) / d + 2;
  else h = (rn - gn) / d + 4;
  return [h / 6, s, l];
}

function hueToChannel(p: number, q: number, t: number): number {
  const tt = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
  if (tt < 1 / 6) return p + (q - p) * 6 * tt;
  if (tt < 1 / 2) return q;
  if (tt < 2 / 3) return p + (q - p) * (2 / 3 - tt) * 6;
  return p;
}

function hslToRgb(h: number, s: number, l: number): Rgb {
  if (s === 0) {
    const v = Math.round(l * 255);
    return { r: v, g: v, b: v };
  }
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  return {
    r: Math.round(hueToChannel(p, q, h + 1 / 3) * 255),
    g: Math.round(hueToChannel(p, q, h) * 255),
    b: Math.round(hueToChannel(p, q, h - 1 / 3) * 255),
  };
}

/**
 * The same hue with its lightness held between two bounds (0 to 1), so light text stays
 * readable on a card tinted by any thumbnail, bright or nearly black.
 */
export function clampLightness(color: Rgb, min: number, max: number): Rgb {
  const [h, s, l] = rgbToHsl(color);
  const clamped = Math.min(max, Math.max(min, l));
  if (clamped === l) return color;
  return hslToRgb(h, s, clamped);
}

export function toCssColor({ r, g, b }: Rgb, alpha = 1): string {
  return alpha >= 1 ? `rgb(${r} ${g} ${b})` : `rgb(${r} ${g} ${b} / ${alpha})`;
}

/**
 * Background for a card tinted by a thumbnail: the colour, kept dark enough for light text,
 * fading towards the card's own surface. Undefined (the plain surface) while it is unknown.
 */
export function tintedCardBackground(color: Rgb | null): string | undefined {
  if (!color) return undefined;
  const shade = clampLightness(color, 0.12, 0.3);
  return `linear-gradient(180deg, ${toCssColor(shade)} 0%, ${toCssColor(shade, 0.45)} 100%)`;
}
