import { Suspense, useState, type ComponentProps } from 'react';
import { retryableLazy } from '../../../lib/retryable-lazy';
import type { ReportDialog as Dialog } from './report-dialog';

type ReportDialogProps = ComponentProps<typeof Dialog>;

// Reporting is rare: the form, and the contract's schema (zod) it checks reports with, load
// the first time it opens, so the watch, channel and comment code that offers it stays light.
const LazyReportDialog = retryableLazy<ReportDialogProps>(
  async () => (await import('./report-dialog')).ReportDialog,
);

/** The report dialog: loaded when it first opens, and kept mounted from then on. */
export function ReportDialog(props: ReportDialogProps) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <LazyReportDialog {...props} />
    </Suspense>
  );
}
