/** What other features may use of this one; everything else is internal. */
export { HistoryView } from './components/history-view';
export { historyKeys } from './api/history-keys';
export { useHistoryPaused } from './api/history-paused';
export { HistorySettingsSection } from './components/history-settings-section';
