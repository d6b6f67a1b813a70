import { reportBodySchema, REPORT_REASONS } from '@contract';
import type { ReportBody, ReportReason, ReportTarget } from '@contract';

export type ReportDraft = { reason: ReportReason | ''; details: string };

/**
 * The report to send, or the problem to show: the contract's own schema decides, so the dialog
 * refuses exactly what the server would, in its words.
 */
export function reportFromDraft(
  target: { type: ReportTarget; id: string },
  draft: ReportDraft,
): { body: ReportBody } | { problem: string; field: 'reason' | 'details' } {
  if (!draft.reason || !REPORT_REASONS.includes(draft.reason)) {
    return { problem: 'Choose a reason.', field: 'reason' };
  }
  const details = draft.details.trim();
  const parsed = reportBodySchema.safeParse({
    targetType: target.type,
    targetId: target.id,
    reason: draft.reason,
    ...(details ? { details } : {}),
  });
  if (parsed.success) return { body: parsed.data };
  const issue = parsed.error.issues[0];
  return {
    problem: issue?.message ?? 'The report is not valid.',
    field: issue?.path[0] === 'details' ? 'details' : 'reason',
  };
}
