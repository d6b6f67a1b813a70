import { randomBytes } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';

// The browser suite's server keeps its SQLite database here (see playwright.config.ts).
const DATABASE = path.resolve(import.meta.dirname, '..', '.tmp/e2e-data/vidshare.sqlite');

const newId = (at: number) =>
  Math.floor(at / 1000)
    .toString(16)
    .padStart(8, '0') + randomBytes(8).toString('hex');

/**
 * Copies of a processed video, written straight into the running server's database: a channel
 * of hundreds of videos without hundreds of uploads. Each copy is a row of its own (its id,
 * title and time) that shows the template's files, which the server serves as the template's;
 * the database's triggers keep every count, index and version as an upload would. Titles are
 * `${prefix} ${n}`, n from 1 (oldest) up, a second apart, all older than the template.
 */
export function seedCopies(templateId: string, count: number, prefix: string): string[] {
  const db = new Database(DATABASE);
  db.pragma('busy_timeout = 10000');
  try {
    const template = db.prepare('select * from videos where id = ?').get(templateId) as
      Record<string, unknown> | undefined;
    if (!template) throw new Error(`no video ${templateId}`);
    const columns = Object.keys(template).filter(
      (c) =>
        !['id', 'title', 'created_at', 'updated_at', 'views', 'card_version'].includes(c) &&
        !c.endsWith('_count') &&
        c !== 'comments_version',
    );
    const insert = db.prepare(
      `insert into videos (id, title, created_at, updated_at, ${columns.join(', ')})
       values (@id, @title, @created_at, @created_at, ${columns.map((c) => `@${c}`).join(', ')})`,
    );
    const start = Number(template.created_at) - (count + 1) * 1000;
    const ids: string[] = [];
    db.transaction(() => {
      for (let n = 1; n <= count; n += 1) {
        const at = start + n * 1000;
        const id = newId(at);
        ids.push(id);
        insert.run({ ...template, id, title: `${prefix} ${n}`, created_at: at });
      }
    })();
    return ids;
  } finally {
    db.close();
  }
}
