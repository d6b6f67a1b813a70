/** What other features may use of this one; everything else is internal. */
export { ReportDialog } from './components/report-dialog-loader';
export { useBlockedUsers, useSetBlocked } from './api/block-user';
