import type { Linter } from 'eslint';

export declare const FEATURE_DEPENDENCIES: Record<string, readonly string[]>;
export declare function webBoundaries(plugins: {
  boundaries: unknown;
  importPlugin: unknown;
}): Linter.Config[];
