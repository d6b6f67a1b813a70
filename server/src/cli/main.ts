import { runCli } from './run.js';

// `npm run cli -- <command> …` (a built install: `node server/dist/cli.js <command> …`).
await runCli(process.argv.slice(2));
