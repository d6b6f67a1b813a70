/**
 * Who may do what on an instance. Admins manage roles and settings; moderators handle reports,
 * videos, comments and users who are neither; users are everyone else. Staff are admins and
 * moderators. The web app reads `role` from the session to show the console.
 */
export const ROLES = ['admin', 'moderator', 'user'] as const;
export type Role = (typeof ROLES)[number];

export function isStaff(role: Role | undefined): boolean {
  return role === 'admin' || role === 'moderator';
}

/** How much a role may do: a higher rank includes everything a lower one may. */
export const ROLE_RANK: Readonly<Record<Role, number>> = { user: 0, moderator: 1, admin: 2 };

/** True when `role` is at least `minimum`. */
export function hasRole(role: Role | undefined, minimum: Role): boolean {
  return role !== undefined && ROLE_RANK[role] >= ROLE_RANK[minimum];
}
