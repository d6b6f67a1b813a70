// The governance repositories' entries of repository-queries.ts (accounts, the audit log,
// moderation, reports, settings).
import { NOW, OWNER, VIDEO, VIEWER } from '../repository-fixtures.js';
import { define, type RepositoryQueries } from './define.js';
import { AccountAdminRepository } from '../../src/repositories/account-admin.repository.js';
import { AuditRepository } from '../../src/repositories/audit.repository.js';
import { ChannelBlockRepository } from '../../src/repositories/channel-block.repository.js';
import { ModerationRepository } from '../../src/repositories/moderation.repository.js';
import { ReportRepository } from '../../src/repositories/report.repository.js';
import { SettingsRepository } from '../../src/repositories/settings.repository.js';

const audit = (id: string, action: string, targetId: string) => ({
  id,
  action,
  actor_id: null,
  actor_username: null,
  target_type: 'user',
  target_id: targetId,
  reason: 'fixture',
  created_at: NOW,
});

export const GOVERNANCE_QUERIES: RepositoryQueries<unknown>[] = [
  define({
    file: 'audit.repository',
    make: (db) => new AuditRepository(db),
    calls: {
      insert: (r) => r.insert(audit('a-insert', 'user.role', VIEWER)),
      page: async (r) => {
        await r.page(undefined, 25, 0);
        await r.page('user.role', 25, 25);
      },
    },
  }),
  define({
    file: 'account-admin.repository',
    make: (db, dialect) => new AccountAdminRepository(db, dialect),
    calls: {
      findById: (r) => r.findById(VIEWER),
      consoleRow: (r) => r.consoleRow(VIEWER),
      record: (r) => r.record(audit('a-record', 'user.delete', 'u-gone')),
      findByUsername: (r) => r.findByUsername(VIEWER),
      findByLogin: (r) => r.findByLogin('someone@example.com'),
      insertAccount: (r) =>
        r.insertAccount(
          {
            id: 'u-operator-made',
            username: 'operatormade',
            email: 'operatormade@example.com',
            full_name: 'Operator Made',
            password_hash: 'hash',
            avatar_key: 'images/operator-made.webp',
            cover_key: null,
            created_at: NOW,
            role: 'admin',
          },
          audit('a-create', 'user.create', 'u-operator-made'),
        ),
      withAdminsLocked: (r) =>
        r.withAdminsLocked(
          OWNER,
          () => false,
          async () => undefined,
        ),
      setRole: (r) =>
        r.withAdminsLocked(
          VIEWER,
          () => false,
          (trx) => r.setRole(trx, VIEWER, 'moderator', audit('a-role', 'user.role', VIEWER)),
        ),
      dropRole: (r) =>
        r.withAdminsLocked(
          VIEWER,
          () => false,
          (trx) => r.dropRole(trx, VIEWER),
        ),
      setPassword: (r) => r.setPassword(VIEWER, 'new-hash', audit('a-pw', 'user.password', VIEWER)),
      setQuota: (r) => r.setQuota(VIEWER, 1_000_000, audit('a-quota', 'user.quota', VIEWER)),
      turnOffTwoFactor: (r) =>
        r.turnOffTwoFactor(VIEWER, audit('a-2fa', 'user.two_factor_off', VIEWER)),
      suspend: (r) =>
        r.withAdminsLocked(
          VIEWER,
          () => false,
          async (trx) => {
            await r.suspend(trx, VIEWER, 'spam', NOW, audit('a-suspend', 'user.suspend', VIEWER));
          },
        ),
      unsuspend: (r) => r.unsuspend(VIEWER, audit('a-unsuspend', 'user.unsuspend', VIEWER)),
      approve: (r) => r.approve(VIEWER, audit('a-approve', 'user.approve', VIEWER)),
      page: async (r) => {
        await r.page({}, 25, 0);
        await r.page({ text: 'view', state: 'active', role: 'user' }, 25, 0);
        await r.page({ state: 'pending' }, 25, 0);
        await r.page({ state: 'suspended' }, 25, 25);
      },
    },
  }),
  define({
    file: 'moderation.repository',
    make: (db) => new ModerationRepository(db),
    calls: {
      video: (r) => r.video(VIDEO),
      videoPage: async (r) => {
        await r.videoPage({ state: 'all' }, 25, 0);
        await r.videoPage({ text: 'fixture', state: 'blocked' }, 25, 0);
        await r.videoPage({ state: 'hidden' }, 25, 0);
      },
      counts: (r) => r.counts(),
    },
  }),
  define({
    file: 'report.repository',
    make: (db) => new ReportRepository(db),
    calls: {
      file: async (r) => {
        const report = {
          id: 'r-1',
          reporter_id: VIEWER,
          target_type: 'video' as const,
          target_id: VIDEO,
          reason: 'spam' as const,
          details: null,
          created_at: NOW,
          resolved_at: null,
          resolved_by: null,
          resolved_by_username: null,
          note: null,
        };
        await r.file(report);
        // The same reporter and target while it is open: the open one comes back.
        await r.file({ ...report, id: 'r-2' });
      },
      page: async (r) => {
        await r.page({ state: 'open' }, 25, 0);
        await r.page({ state: 'resolved', targetType: 'video' }, 25, 0);
      },
      findById: (r) => r.findById('r-1'),
      decide: (r) =>
        r.decide(
          'r-1',
          { state: 'resolved', now: NOW, by: { id: OWNER, username: OWNER }, note: 'Removed' },
          audit('a-resolve', 'report.resolve', 'r-1'),
        ),
      videoTargets: (r) => r.videoTargets([VIDEO]),
      commentTargets: (r) => r.commentTargets(['c-new']),
      channelTargets: (r) => r.channelTargets([OWNER]),
    },
  }),
  define({
    file: 'settings.repository',
    make: (db) => new SettingsRepository(db),
    calls: {
      save: (r) =>
        r.save(
          [
            { key: 'registration', value: '"approval"' },
            { key: 'instanceName', value: '"Fixture"' },
          ],
          NOW,
          audit('a-settings', 'settings.update', 'instance'),
        ),
      all: (r) => r.all(),
      one: (r) => r.one('registration'),
    },
  }),
  define({
    file: 'channel-block.repository',
    make: (db) => new ChannelBlockRepository(db),
    calls: {
      block: async (r) => {
        await r.block(OWNER, VIEWER, NOW);
        await r.block(OWNER, VIEWER, NOW);
      },
      isBlocked: (r) => r.isBlocked(OWNER, VIEWER),
      list: (r) => r.list(OWNER),
      unblock: (r) => r.unblock(OWNER, VIEWER),
    },
  }),
];
