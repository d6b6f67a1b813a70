import { sql, type RawBuilder, type SqlBool } from 'kysely';

/**
 * Who may see a video, as SQL over the row aliased `alias`: the rule `VideoService.findVisible`
 * applies to one video, for queries that join many (history, playlists, notifications). It reads
 * only the stored `visibility`: a video that cannot play yet is stored private until it can
 * (migration 021), and anything else that hides a video does so through the same column, so
 * every list built on these two follows it with no rule of its own.
 */
export function visibleTo(viewerId: string | undefined, alias = 'v'): RawBuilder<SqlBool> {
  const visibility = sql.ref(`${alias}.visibility`);
  if (viewerId === undefined) return sql<SqlBool>`${visibility} <> 'private'`;
  return sql<SqlBool>`(${visibility} <> 'private' or ${sql.ref(`${alias}.owner_id`)} = ${viewerId})`;
}

/** Listed to everyone (feeds, search, a channel's public videos): the public ones only. */
export function listedPublicly(alias = 'v'): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.ref(`${alias}.visibility`)} = 'public'`;
}
