import { generatedPassword as madePassword } from '@contract';

/**
 * A uniform random integer in [0, n) from the browser's cryptographic source: values from the
 * top of the 32-bit range that would favour the low results are drawn again.
 */
export function randomBelow(n: number, random32: () => number = cryptoUint32): number {
  const limit = Math.floor(0x1_0000_0000 / n) * n;
  for (;;) {
    const value = random32();
    if (value < limit) return value % n;
  }
}

function cryptoUint32(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0]!;
}

/** A password an admin gives to someone: the same shape as the operator's command line makes. */
export const generatedPassword = (): string => madePassword((n) => randomBelow(n));
