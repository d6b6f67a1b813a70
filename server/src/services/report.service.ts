import {
  GOVERNANCE_MESSAGES,
  MESSAGES,
  type AdminReport,
  type AdminReportsQuery,
  type Report,
  type ReportBody,
  type ReportTarget,
} from '@contract';
import type { RateLimitRule } from '../config.js';
import { badRequest, conflict, notFound } from '../lib/errors.js';
import { ID_PATTERN, newId } from '../lib/ids.js';
import { isoTime } from '../lib/iso-time.js';
import type {
  ReportListRow,
  ReportRepository,
  ReportRow,
  TargetRow,
} from '../repositories/report.repository.js';
import type { UserRepository, UserRow } from '../repositories/user.repository.js';
import { isChannelHidden } from '../rules/account-visibility.js';
import { auditEntry } from './audit-log.js';
import type { CommentService } from './comment.service.js';
import type { EmailVerificationGate } from './email-verification-gate.js';
import type { RateLimiter } from './rate-limiter.js';
import type { Actor } from '../rules/staff-rules.js';
import type { VideoService } from './video.service.js';

/** How much of a comment the console shows beside its report. */
const EXCERPT = 200;

export interface ReportLimits {
  /** Reports per account. */
  account: RateLimitRule;
  /** Reports per client address. */
  address: RateLimitRule;
}

function toReport(row: ReportRow): Report {
  return {
    _id: row.id,
    targetType: row.target_type,
    targetId: row.target_id,
    reason: row.reason,
    details: row.details,
    state: row.state,
    createdAt: isoTime(Number(row.created_at)),
  };
}

function toAdminReport(row: ReportListRow, target: TargetRow | undefined): AdminReport {
  return {
    ...toReport(row),
    target: target
      ? {
          text: target.text.length > EXCERPT ? `${target.text.slice(0, EXCERPT)}…` : target.text,
          owner: { _id: target.owner_id, username: target.owner_username },
          videoId: target.video_id,
          hidden: Number(target.hidden) === 1,
        }
      : null,
    reporter: row.reporter_username
      ? { _id: row.reporter_id, username: row.reporter_username }
      : null,
    resolvedAt: row.resolved_at === null ? null : isoTime(Number(row.resolved_at)),
    resolvedBy:
      row.resolved_by && row.resolved_by_username
        ? { _id: row.resolved_by, username: row.resolved_by_username }
        : null,
    note: row.note,
  };
}

/**
 * Reports of videos, comments and channels: a signed-in user reports what they can see,
 * at most once while it is open; staff read them with a summary of each target and resolve
 * or dismiss them.
 */
export class ReportService {
  constructor(
    private readonly deps: {
      reports: ReportRepository;
      videos: VideoService;
      comments: CommentService;
      users: UserRepository;
      limiter: RateLimiter;
      limits: ReportLimits;
      /** REQUIRE_EMAIL_VERIFICATION: an unconfirmed account cannot report. */
      gate: EmailVerificationGate;
      now?: () => number;
    },
  ) {}

  private now(): number {
    return this.deps.now ? this.deps.now() : Date.now();
  }

  /** Counted per account and per address before the body is read. */
  async count(viewer: UserRow, clientIp: string): Promise<void> {
    await this.deps.limiter.consume('report', viewer.id, this.deps.limits.account);
    await this.deps.limiter.consume('report-address', clientIp, this.deps.limits.address);
  }

  /** What the reporter can see is what they can report; their own content they cannot. */
  private async ownerOfTarget(type: ReportTarget, id: string, viewer: UserRow): Promise<string> {
    if (type === 'video') return (await this.deps.videos.findVisible(id, viewer)).owner_id;
    if (type === 'comment') return (await this.deps.comments.findVisible(id, viewer)).owner_id;
    const channel = ID_PATTERN.test(id) ? await this.deps.users.findById(id) : undefined;
    if (!channel || isChannelHidden(channel)) {
      throw notFound(MESSAGES.channelNotFound);
    }
    return channel.id;
  }

  async file(viewer: UserRow, body: ReportBody): Promise<{ report: Report; created: boolean }> {
    this.deps.gate.assertVerified(viewer);
    const owner = await this.ownerOfTarget(body.targetType, body.targetId, viewer);
    if (owner === viewer.id) throw badRequest('You cannot report your own content.');
    const now = this.now();
    const { report, created } = await this.deps.reports.file({
      id: newId(now),
      reporter_id: viewer.id,
      target_type: body.targetType,
      target_id: body.targetId,
      reason: body.reason,
      details: body.details || null,
      created_at: now,
      resolved_at: null,
      resolved_by: null,
      resolved_by_username: null,
      note: null,
    });
    return { report: toReport(report), created };
  }

  /** A page of reports with what each is about, in at most three more queries. */
  async list(query: AdminReportsQuery): Promise<{ data: AdminReport[]; total: number }> {
    const { rows, total } = await this.deps.reports.page(
      { state: query.state, targetType: query.targetType },
      query.limit,
      (query.page - 1) * query.limit,
    );
    const idsOf = (type: ReportTarget) => [
      ...new Set(rows.filter((r) => r.target_type === type).map((r) => r.target_id)),
    ];
    const [videos, comments, channels] = await Promise.all([
      this.deps.reports.videoTargets(idsOf('video')),
      this.deps.reports.commentTargets(idsOf('comment')),
      this.deps.reports.channelTargets(idsOf('channel')),
    ]);
    const targets = new Map<string, TargetRow>();
    for (const [type, found] of [
      ['video', videos],
      ['comment', comments],
      ['channel', channels],
    ] as const) {
      for (const t of found) targets.set(`${type}:${t.id}`, t);
    }
    return {
      data: rows.map((r) => toAdminReport(r, targets.get(`${r.target_type}:${r.target_id}`))),
      total,
    };
  }

  /** Resolves or dismisses an open report; any staff member may. */
  async decide(
    actor: Actor,
    id: string,
    state: 'resolved' | 'dismissed',
    note: string | undefined,
  ): Promise<void> {
    const row = ID_PATTERN.test(id) ? await this.deps.reports.findById(id) : undefined;
    if (!row) throw notFound(GOVERNANCE_MESSAGES.reportNotFound);
    const now = this.now();
    const done = await this.deps.reports.decide(
      row.id,
      {
        state,
        now,
        by: actor.kind === 'staff' ? { id: actor.id, username: actor.username } : null,
        note: note || null,
      },
      auditEntry(
        actor,
        state === 'resolved' ? 'report.resolve' : 'report.dismiss',
        { type: 'report', id: row.id },
        note || null,
        now,
      ),
    );
    if (!done) throw conflict(`This report is ${row.state} already.`);
  }
}
