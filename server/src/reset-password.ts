import { runCli } from './cli/run.js';

// `npm run reset-password -- <username or email>` and, built, `node server/dist/reset-password.js`:
// the command line's `reset-password`, under the name the README has always given it.
await runCli(['reset-password', ...process.argv.slice(2)]);
