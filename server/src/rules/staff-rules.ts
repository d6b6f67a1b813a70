import { GOVERNANCE_MESSAGES, type Role } from '@contract';

/**
 * Who acts: a signed-in staff member, or the operator at the command line (who may do
 * anything the rules of the instance allow, and is logged with no actor).
 */
export type Actor =
  { kind: 'staff'; id: string; username: string; role: Role } | { kind: 'operator' };

export const OPERATOR: Actor = { kind: 'operator' };

/** The staff member a signed-in user acts as. */
export function staffActor(user: { id: string; username: string; role: Role }): Actor {
  return { kind: 'staff', id: user.id, username: user.username, role: user.role };
}

/**
 * Why `actor` may not act on an account with `targetRole` (suspend, approve, delete, set its
 * quota, remove its content), or undefined when it may. Admins act on anyone; moderators only
 * on users, never on an admin or another moderator.
 */
export function refusalToActOnAccount(actor: Actor, targetRole: Role): string | undefined {
  if (actor.kind === 'operator' || actor.role === 'admin') return undefined;
  if (actor.role === 'moderator') {
    return targetRole === 'user' ? undefined : GOVERNANCE_MESSAGES.staffTarget;
  }
  return GOVERNANCE_MESSAGES.staffOnly;
}

/** Roles and instance settings are an admin's (or the operator's) to change. */
export function refusalToAdminister(actor: Actor): string | undefined {
  if (actor.kind === 'operator' || actor.role === 'admin') return undefined;
  return GOVERNANCE_MESSAGES.adminOnly;
}

/**
 * The last active admin stays one: an action that would leave no unsuspended admin (demoting,
 * suspending or deleting that admin) is refused. `activeAdmins` counts the target if it is one.
 */
export function leavesNoAdmin(
  target: { role: Role; suspended: boolean },
  activeAdmins: number,
): boolean {
  const targetIsActiveAdmin = target.role === 'admin' && !target.suspended;
  return targetIsActiveAdmin && activeAdmins <= 1;
}
