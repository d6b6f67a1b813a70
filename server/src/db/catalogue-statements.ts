import { QueryRecorder, repositoryQuerySnapshots } from '../../sql/query-snapshot.js';
import { openDatabase, type DatabaseHandle } from './database.js';
import { migrateToLatest } from './migrate.js';

export interface SentStatement {
  text: string;
  parameters: readonly unknown[];
}

/**
 * For tests of query plans: a migrated in-memory SQLite database on which every call of the
 * query catalogue (sql/queries-catalogue) has run, with each statement it sent and its values.
 * The caller closes the handle.
 */
export async function catalogueStatements(): Promise<{
  handle: DatabaseHandle;
  sent: SentStatement[];
}> {
  const sent: SentStatement[] = [];
  const recorder = new QueryRecorder();
  const handle = openDatabase({
    sqlitePath: ':memory:',
    onQuery: (text, parameters) => {
      recorder.onQuery(text);
      sent.push({ text, parameters });
    },
  });
  try {
    await migrateToLatest(handle.db);
    await repositoryQuerySnapshots(handle, recorder);
  } catch (err) {
    await handle.close();
    throw err;
  }
  return { handle, sent };
}
