import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const contract = fileURLToPath(new URL('./contract/src/index.ts', import.meta.url));
const resolve = { alias: { '@contract': contract } };

export default defineConfig({
  test: {
    projects: [
      {
        resolve,
        test: {
          name: 'unit',
          include: [
            'contract/**/*.test.ts',
            'server/src/**/*.test.ts',
            'web/src/**/*.test.{ts,tsx}',
            'web/build/**/*.test.ts',
            'scripts/**/*.test.mjs',
            'web/eslint/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        resolve,
        test: {
          name: 'api',
          include: ['server/test/**/*.test.ts'],
          environment: 'node',
          // Each file builds its own app on its own fresh database.
          fileParallelism: true,
          maxWorkers: 2,
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
