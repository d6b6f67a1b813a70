// Starts the built server on an empty data directory, so every browser run begins clean.
import fs from 'node:fs';

const dataDir = process.env.DATA_DIR;
if (!dataDir || !dataDir.includes('.tmp')) throw new Error('DATA_DIR must point into .tmp/');
fs.rmSync(dataDir, { recursive: true, force: true });
await import('../server/dist/main.js');
