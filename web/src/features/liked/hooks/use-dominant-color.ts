import { useEffect, useState } from 'react';
import { dominantColor, type Rgb } from '../utils/dominant-color';

/** A thumbnail is shrunk this far before it is read: plenty for one colour, and cheap. */
const SAMPLE_SIZE = 32;

function sampleImage(image: HTMLImageElement): Rgb | null {
  const canvas = document.createElement('canvas');
  canvas.width = SAMPLE_SIZE;
  canvas.height = SAMPLE_SIZE;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(image, 0, 0, SAMPLE_SIZE, SAMPLE_SIZE);
  return dominantColor(context.getImageData(0, 0, SAMPLE_SIZE, SAMPLE_SIZE).data);
}

/**
 * The dominant colour of an image, worked out in the browser; null until it is known or when
 * it cannot be (no image, a broken one, or a foreign one the canvas may not read).
 */
export function useDominantColor(src: string | undefined): Rgb | null {
  const [result, setResult] = useState<{ src: string; color: Rgb | null } | null>(null);

  useEffect(() => {
    if (!src) return;
    let cancelled = false;
    const image = new Image();
    image.decoding = 'async';
    image.onload = () => {
      if (cancelled) return;
      let color: Rgb | null = null;
      try {
        color = sampleImage(image);
      } catch (error) {
        // A tainted canvas refuses to be read; the card keeps its neutral colour.
        console.error('Reading the thumbnail colour failed', error);
      }
      setResult({ src, color });
    };
    image.onerror = () => {
      if (!cancelled) setResult({ src, color: null });
    };
    image.src = src;
    return () => {
      cancelled = true;
      image.onload = null;
      image.onerror = null;
    };
  }, [src]);

  return result && result.src === src ? result.color : null;
}
