import { useMemo } from 'react';
import { encode } from 'uqr';
import { qrPath } from '../../utils/qr-path';

/**
 * A QR code drawn as one SVG path in React: no image URL and no inline style, so the page's
 * strict CSP (`img-src`, `style-src 'self'`) has nothing to allow.
 */
export function QrCode({ text, label }: { text: string; label: string }) {
  const matrix = useMemo(() => encode(text, { border: 2 }).data, [text]);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${matrix.length} ${matrix.length}`}
      className="size-48 rounded-lg bg-white p-1"
      shapeRendering="crispEdges"
    >
      <path d={qrPath(matrix)} fill="#000" />
    </svg>
  );
}
