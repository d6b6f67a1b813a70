import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const contract = fileURLToPath(new URL('./contract/src/index.ts', import.meta.url));
const resolve = { alias: { '@contract': contract } };
/**
 * Tests of the deployment as processes (servers, workers, a bucket; `npm start` itself), run by
 * test:api and test:api:pg.
 */
const PROCESS_LEVEL = [
  'server/test/scale-out.api.test.ts',
  'server/test/npm-start.api.test.ts',
  'server/test/upload-kill.api.test.ts',
  'server/test/fair-queue.api.test.ts',
];

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
            'bench/**/*.test.ts',
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
          exclude: PROCESS_LEVEL,
          environment: 'node',
          // Each file builds its own app on its own fresh database.
          fileParallelism: true,
          maxWorkers: 2,
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve,
        test: {
          // Several app and worker processes started from source: after the API files, alone,
          // so their start-up does not compete with (or slow down) other files' processes.
          name: 'api-processes',
          include: PROCESS_LEVEL,
          environment: 'node',
          sequence: { groupOrder: 1 },
          fileParallelism: false,
          testTimeout: 150_000,
          hookTimeout: 150_000,
        },
      },
    ],
  },
});
