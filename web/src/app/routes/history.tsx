import { useDocumentTitle } from '../../hooks/use-document-title';
import { HistoryView } from '../../features/history';

export function HistoryPage() {
  useDocumentTitle('Watch history');
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
      <HistoryView />
    </div>
  );
}
