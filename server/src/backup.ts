import { loadConfig } from './config.js';
import { backup } from './ops/backup.js';
import { restore } from './ops/restore.js';
import { exitWithError } from './process/exit-with-error.js';

// `npm run backup -- DIR` and `npm run restore -- DIR` (or, on a production install,
// `node server/dist/backup.js backup|restore DIR`), on the configuration the server uses.
const [command, dir] = process.argv.slice(2);
async function main(): Promise<void> {
  if ((command !== 'backup' && command !== 'restore') || !dir) {
    console.error('usage: npm run backup -- DIR   |   npm run restore -- DIR');
    process.exit(2);
  }
  const config = loadConfig();
  await (command === 'backup' ? backup(config, dir) : restore(config, dir));
}
main().catch(exitWithError);
