/** What the app's routes use of the console; everything else is internal. */
export { AdminConsole } from './components/admin-console';
export { AuditView } from './components/audit-view';
export { DashboardView } from './components/dashboard-view';
export { ReportsView } from './components/reports-view';
export { SettingsView } from './components/settings-view';
export { UsersView } from './components/users-view';
export { VideosView } from './components/videos-view';
