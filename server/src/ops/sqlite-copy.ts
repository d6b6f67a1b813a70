import SQLite from 'better-sqlite3';

/**
 * A consistent copy of the SQLite database at `source` into the new file `target`, taken with
 * SQLite's online backup API while other connections go on reading and writing (a file copy
 * would miss what is still in the WAL). The copy is switched out of WAL mode, so it is one
 * self-contained file that can be moved, copied back or opened read-only without leaving
 * `-wal` and `-shm` files beside it.
 */
export async function copySqliteDatabase(source: string, target: string): Promise<void> {
  const from = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    await from.backup(target);
  } finally {
    from.close();
  }
  const copy = new SQLite(target, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
}
