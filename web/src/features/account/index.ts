/** What other features may use of this one; everything else is internal. */
export { EmailUnverifiedNotice, ResendVerificationButton } from './components/resend-verification';
export { useInstance } from './api/instance';
export { isEmailUnverified } from './utils/email-unverified';
export { SettingsSection } from './components/settings/settings-section';
