import { describe, expect, it } from 'vitest';
import { GOVERNANCE_MESSAGES, hasRole, isStaff, ROLES, type Role } from '@contract';
import {
  leavesNoAdmin,
  OPERATOR,
  refusalToActOnAccount,
  refusalToAdminister,
  staffActor,
} from './staff-rules.js';

const as = (role: Role) => staffActor({ id: `u-${role}`, username: role, role });

describe('who may act on an account', () => {
  it('admins and the operator act on every role', () => {
    for (const target of ROLES) {
      expect(refusalToActOnAccount(as('admin'), target)).toBeUndefined();
      expect(refusalToActOnAccount(OPERATOR, target)).toBeUndefined();
    }
  });

  it('moderators act on users only, never on other staff', () => {
    expect(refusalToActOnAccount(as('moderator'), 'user')).toBeUndefined();
    expect(refusalToActOnAccount(as('moderator'), 'moderator')).toBe(
      GOVERNANCE_MESSAGES.staffTarget,
    );
    expect(refusalToActOnAccount(as('moderator'), 'admin')).toBe(GOVERNANCE_MESSAGES.staffTarget);
  });

  it('a user acts on nobody', () => {
    expect(refusalToActOnAccount(as('user'), 'user')).toBe(GOVERNANCE_MESSAGES.staffOnly);
  });

  it('roles and settings are for admins and the operator', () => {
    expect(refusalToAdminister(as('admin'))).toBeUndefined();
    expect(refusalToAdminister(OPERATOR)).toBeUndefined();
    expect(refusalToAdminister(as('moderator'))).toBe(GOVERNANCE_MESSAGES.adminOnly);
    expect(refusalToAdminister(as('user'))).toBe(GOVERNANCE_MESSAGES.adminOnly);
  });
});

describe('the last admin', () => {
  it('is kept when they are the only active admin', () => {
    expect(leavesNoAdmin({ role: 'admin', suspended: false }, 1)).toBe(true);
    expect(leavesNoAdmin({ role: 'admin', suspended: false }, 2)).toBe(false);
  });

  it('does not protect anyone else', () => {
    expect(leavesNoAdmin({ role: 'moderator', suspended: false }, 1)).toBe(false);
    expect(leavesNoAdmin({ role: 'user', suspended: false }, 0)).toBe(false);
    // A suspended admin is not the one keeping the instance administered.
    expect(leavesNoAdmin({ role: 'admin', suspended: true }, 1)).toBe(false);
  });
});

describe('role ranks', () => {
  it('orders admin above moderator above user', () => {
    expect(hasRole('admin', 'moderator')).toBe(true);
    expect(hasRole('moderator', 'moderator')).toBe(true);
    expect(hasRole('user', 'moderator')).toBe(false);
    expect(hasRole(undefined, 'user')).toBe(false);
    expect(isStaff('moderator')).toBe(true);
    expect(isStaff('user')).toBe(false);
  });
});
