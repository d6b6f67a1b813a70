import type { ComponentType } from 'react';
import { ProfileSection } from './profile-section';
import { DataSection, SessionsSection, TwoFactorSection } from './device-sections';
import { EmailSection, PasswordSection, UsernameSection } from './security-sections';

/**
 * The Settings page's sections, in order. Each is self-contained (its own queries and forms):
 * a new kind of setting is a new section added here.
 */
export const SETTINGS_SECTIONS: { id: string; Section: ComponentType }[] = [
  { id: 'profile', Section: ProfileSection },
  { id: 'email', Section: EmailSection },
  { id: 'username', Section: UsernameSection },
  { id: 'password', Section: PasswordSection },
  { id: 'two-factor', Section: TwoFactorSection },
  { id: 'sessions', Section: SessionsSection },
  { id: 'data', Section: DataSection },
];

/** The page, with sections other features add after the account's own (the app hands them in). */
export function SettingsView({
  more = [],
}: {
  more?: readonly { id: string; Section: ComponentType }[];
}) {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-6 sm:px-6">
      <h1 className="text-2xl font-bold text-ink-strong">Settings</h1>
      {[...SETTINGS_SECTIONS, ...more].map(({ id, Section }) => (
        <Section key={id} />
      ))}
    </div>
  );
}
