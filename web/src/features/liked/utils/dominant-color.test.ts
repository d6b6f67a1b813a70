import { describe, expect, it } from 'vitest';
import { clampLightness, dominantColor, tintedCardBackground, toCssColor } from './dominant-color';

/** RGBA pixels: each entry is repeated `count` times. */
function pixels(...runs: Array<[r: number, g: number, b: number, a: number, count: number]>) {
  const out: number[] = [];
  for (const [r, g, b, a, count] of runs) {
    for (let i = 0; i < count; i += 1) out.push(r, g, b, a);
  }
  return Uint8ClampedArray.from(out);
}

describe('dominantColor', () => {
  it('returns the colour of a single-colour picture', () => {
    expect(dominantColor(pixels([200, 30, 40, 255, 10]))).toEqual({ r: 200, g: 30, b: 40 });
  });

  it('picks the most common colour, not the average of all', () => {
    const color = dominantColor(pixels([0, 0, 255, 255, 6], [255, 0, 0, 255, 4]));
    expect(color).toEqual({ r: 0, g: 0, b: 255 });
  });

  it('averages close shades that fall into one bucket', () => {
    const color = dominantColor(pixels([16, 32, 48, 255, 1], [18, 34, 50, 255, 1]));
    expect(color).toEqual({ r: 17, g: 33, b: 49 });
  });

  it('groups near shades so noise does not split the winner', () => {
    const color = dominantColor(
      pixels([100, 150, 200, 255, 3], [101, 151, 201, 255, 3], [10, 10, 10, 255, 4]),
    );
    expect(color).toEqual({ r: 101, g: 151, b: 201 });
  });

  it('ignores transparent pixels', () => {
    const color = dominantColor(pixels([255, 255, 255, 0, 50], [20, 120, 60, 255, 2]));
    expect(color).toEqual({ r: 20, g: 120, b: 60 });
  });

  it('breaks ties the same way every time', () => {
    const a = dominantColor(pixels([250, 0, 0, 255, 2], [0, 0, 250, 255, 2]));
    const b = dominantColor(pixels([0, 0, 250, 255, 2], [250, 0, 0, 255, 2]));
    expect(a).toEqual(b);
  });

  it('has no answer for an empty or fully transparent picture', () => {
    expect(dominantColor([])).toBeNull();
    expect(dominantColor(pixels([1, 2, 3, 0, 5]))).toBeNull();
  });

  it('ignores a trailing partial pixel', () => {
    expect(dominantColor([9, 9, 9, 255, 1, 2])).toEqual({ r: 9, g: 9, b: 9 });
  });
});

describe('clampLightness', () => {
  it('keeps a colour already inside the bounds', () => {
    const color = { r: 120, g: 40, b: 40 };
    expect(clampLightness(color, 0.1, 0.4)).toBe(color);
  });

  it('darkens a bright colour to the upper bound, keeping its hue', () => {
    const color = clampLightness({ r: 255, g: 200, b: 200 }, 0.1, 0.3);
    expect(color.r).toBeGreaterThan(color.g);
    expect(color.g).toBe(color.b);
    expect(
      (Math.max(color.r, color.g, color.b) + Math.min(color.r, color.g, color.b)) / 510,
    ).toBeCloseTo(0.3, 1);
  });

  it('lifts black to the lower bound as a grey', () => {
    expect(clampLightness({ r: 0, g: 0, b: 0 }, 0.2, 0.4)).toEqual({ r: 51, g: 51, b: 51 });
  });

  it('darkens white to a grey', () => {
    expect(clampLightness({ r: 255, g: 255, b: 255 }, 0.1, 0.3)).toEqual({ r: 77, g: 77, b: 77 });
  });
});

describe('toCssColor', () => {
  it('writes opaque and translucent colours', () => {
    expect(toCssColor({ r: 1, g: 2, b: 3 })).toBe('rgb(1 2 3)');
    expect(toCssColor({ r: 1, g: 2, b: 3 }, 0.5)).toBe('rgb(1 2 3 / 0.5)');
  });
});

describe('tintedCardBackground', () => {
  it('is the plain surface while the colour is unknown', () => {
    expect(tintedCardBackground(null)).toBeUndefined();
  });

  it('fades a darkened version of the colour', () => {
    expect(tintedCardBackground({ r: 255, g: 255, b: 255 })).toBe(
      'linear-gradient(180deg, rgb(77 77 77) 0%, rgb(77 77 77 / 0.45) 100%)',
    );
  });
});
