import { sql, type RawBuilder, type Updateable } from 'kysely';
import type { Visibility } from '@contract';
import type { VideosTable } from '../db/schema.js';

/**
 * The one place that decides a video's stored visibility. A video is held from everyone but
 * its owner while it cannot play yet (`playable = 0`), while staff block it (`blocked_at`), or
 * while its owner is suspended (`owner_suspended`). While held, `visibility` is 'private' and
 * the owner's choice waits in `pending_visibility`; once nothing holds it, the choice is
 * applied. Every rule, count, index and cache that reads `visibility` therefore hides a held
 * video without a rule of its own (docs/architecture.md, "Held videos are private in the
 * database").
 *
 * The expressions run inside the UPDATE that changes a hold, reading the row as it was before
 * it, so a concurrent change of another hold (processing finishing while staff block the
 * video) is decided by whichever statement commits second, from the row the first one wrote.
 */

/** A hold column's value after the update: 0 or 1, or left as the row has it. */
type HoldChange = { playable?: 0 | 1; blocked?: boolean; ownerSuspended?: boolean };

/** True in SQL when nothing holds the video once `change` is applied. */
function openAfter(change: HoldChange): RawBuilder<boolean> {
  const plays =
    change.playable === undefined
      ? sql`playable = 1`
      : sql.raw(change.playable === 1 ? 'true' : 'false');
  const unblocked =
    change.blocked === undefined
      ? sql`blocked_at is null`
      : sql.raw(change.blocked ? 'false' : 'true');
  const ownerActive =
    change.ownerSuspended === undefined
      ? sql`owner_suspended = 0`
      : sql.raw(change.ownerSuspended ? 'false' : 'true');
  return sql<boolean>`(${plays} and ${unblocked} and ${ownerActive})`;
}

/**
 * The `visibility` and `pending_visibility` an update writes: `choice` is the owner's new
 * choice, or undefined to keep it (`pending_visibility` while held, else `visibility`).
 */
export function settledVisibility(
  change: HoldChange & { choice?: Visibility },
): Pick<Updateable<VideosTable>, 'visibility' | 'pending_visibility'> {
  const open = openAfter(change);
  const choice =
    change.choice === undefined
      ? sql<Visibility>`coalesce(pending_visibility, visibility)`
      : sql<Visibility>`${change.choice}`;
  const patch = {
    visibility: sql<Visibility>`case when ${open} then ${choice} else 'private' end`,
    pending_visibility: sql<Visibility | null>`case when ${open} then null else ${choice} end`,
  };
  // Expressions, which `set` takes wherever a value goes.
  return patch as unknown as Pick<Updateable<VideosTable>, 'visibility' | 'pending_visibility'>;
}

/** The owner's new visibility: applied at once unless something holds the video. */
export function choiceOfOwner(
  visibility: Visibility,
): Pick<Updateable<VideosTable>, 'visibility' | 'pending_visibility'> {
  return settledVisibility({ choice: visibility });
}

/** Something plays: the video is no longer held for processing. */
export function playablePatch(): Updateable<VideosTable> {
  return { playable: 1, ...settledVisibility({ playable: 1 }) };
}

/** Processing failed: nothing plays, the owner's choice is kept for a retry. */
export function unplayablePatch(): Updateable<VideosTable> {
  return { playable: 0, ...settledVisibility({ playable: 0 }) };
}

/** Staff block the video, with the reason its owner reads. */
export function blockedPatch(reason: string, now: number): Updateable<VideosTable> {
  return { blocked_at: now, blocked_reason: reason, ...settledVisibility({ blocked: true }) };
}

export function unblockedPatch(): Updateable<VideosTable> {
  return { blocked_at: null, blocked_reason: null, ...settledVisibility({ blocked: false }) };
}

/** The owner's account is suspended, or the suspension lifted. */
export function ownerSuspendedPatch(suspended: boolean): Updateable<VideosTable> {
  return {
    owner_suspended: suspended ? 1 : 0,
    ...settledVisibility({ ownerSuspended: suspended }),
  };
}
