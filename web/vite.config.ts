import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompress } from './build/precompress.js';

const contract = fileURLToPath(new URL('../contract/src/index.ts', import.meta.url));

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tailwindcss(), precompress()],
  resolve: { alias: { '@contract': contract } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 300,
    rolldownOptions: {
      treeshake: {
        // The contract builds zod schemas at module level. Declaring it free of side effects
        // lets pages that only need its constants skip zod; forms that validate still get it.
        moduleSideEffects: [
          { test: /[\\/]contract[\\/]src[\\/]/, sideEffects: false },
          // A feature's index.ts only re-exports: what a page does not use stays out of its chunk.
          { test: /[\\/]web[\\/]src[\\/]features[\\/][^\\/]+[\\/]index\.ts$/, sideEffects: false },
        ],
      },
      output: {
        codeSplitting: {
          // Framework code changes far less often than the app, so it gets its own
          // long-lived cache entry instead of being re-downloaded with every release.
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            {
              name: 'router',
              test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/,
            },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' },
  },
});
