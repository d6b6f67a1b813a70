import fs from 'node:fs/promises';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { FEATURE_DEPENDENCIES } from './feature-dependencies.js';

const root = path.resolve(import.meta.dirname, '../..');
const features = path.join(root, 'web/src/features');
const eslint = new ESLint({ cwd: root });

const written: string[] = [];
afterAll(() => Promise.all(written.map((file) => fs.rm(file, { recursive: true, force: true }))));

/**
 * Lints `code` written to a short-lived file beside `dir` (relative to the repository): the
 * import rules read the files they follow from disk.
 */
async function problems(dir: string, code: string): Promise<string[]> {
  const file = path.join(root, dir, `eslint-fixture-${process.pid}.ts`);
  written.push(file);
  await fs.writeFile(file, code);
  const [result] = await eslint.lintFiles([file]);
  return (result?.messages ?? []).map((message) => `${message.line}:${message.ruleId}`);
}

describe('the feature dependency map', () => {
  it('names every feature folder, and only those', async () => {
    const folders = (await fs.readdir(features, { withFileTypes: true }))
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(Object.keys(FEATURE_DEPENDENCIES).sort()).toEqual(folders);
    for (const deps of Object.values(FEATURE_DEPENDENCIES)) {
      for (const dep of deps) expect(folders).toContain(dep);
    }
  });

  it('has no cycle, so features can never import one another in a circle', () => {
    const done = new Set<string>();
    const visit = (feature: string, trail: string[]) => {
      expect(trail, `cycle: ${[...trail, feature].join(' → ')}`).not.toContain(feature);
      if (done.has(feature)) return;
      for (const dep of FEATURE_DEPENDENCIES[feature] ?? []) {
        visit(dep, [...trail, feature]);
      }
      done.add(feature);
    };
    for (const feature of Object.keys(FEATURE_DEPENDENCIES)) visit(feature, []);
  });
});

// The cycle rule follows each fixture's imports through the app: seconds on a loaded machine.
describe('npm run lint on web/src', { timeout: 60_000 }, () => {
  it("refuses a deep import into another feature and a feature the map doesn't list", async () => {
    const found = await problems(
      'web/src/features/videos',
      [
        "import { WatchPlayer } from '../watch/components/watch-player';",
        "import { useAuth } from '../auth';",
        "import { Player } from '../player';",
        "import { cn } from '../../lib/cn';",
        'export const used = [WatchPlayer, useAuth, Player, cn];',
      ].join('\n'),
    );
    expect(found).toEqual(['1:boundaries/dependencies', '2:boundaries/dependencies']);
  });

  it("refuses a listed feature's internals, allowing its index", async () => {
    const found = await problems(
      'web/src/features/watch',
      [
        "import { VideoCard } from '../videos/components/video-card';",
        "import { VideoCard as Card } from '../videos';",
        'export const used = [VideoCard, Card];',
      ].join('\n'),
    );
    expect(found).toEqual(['1:boundaries/dependencies']);
  });

  it('refuses a feature or the app imported from shared code', async () => {
    const found = await problems(
      'web/src/lib',
      [
        "import { useAuth } from '../features/auth';",
        "import { router } from '../app/router';",
        'export const used = [useAuth, router];',
      ].join('\n'),
    );
    expect(found).toEqual(['1:boundaries/dependencies', '2:boundaries/dependencies']);
  });

  const cycleDir = path.join(root, 'web/src/lib', `eslint-cycle-fixture-${process.pid}`);
  written.push(cycleDir);

  it('refuses an import cycle', async () => {
    await fs.mkdir(cycleDir, { recursive: true });
    await fs.writeFile(
      path.join(cycleDir, 'first.ts'),
      "import { second } from './second';\nexport const first = () => second;\n",
    );
    await fs.writeFile(
      path.join(cycleDir, 'second.ts'),
      "import { first } from './first';\nexport const second = () => first;\n",
    );
    const [result] = await eslint.lintFiles([path.join(cycleDir, 'first.ts')]);
    expect(result?.messages.map((message) => message.ruleId)).toEqual(['import/no-cycle']);
  });
});
