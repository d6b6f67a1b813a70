// No zod here: the web app's shell reads these on every page (its API client among them).

/**
 * Why a refusal happened, for a client that wants to say more than its status: a 404 for a
 * video that exists but is still being processed (`processing`) stays a 404 for every client
 * that reads only the status.
 */
export const ERROR_REASONS = ['processing'] as const;
export type ErrorReason = (typeof ERROR_REASONS)[number];

/** What `code` says in a refusal the web app acts on (an error envelope's optional field). */
export const ERROR_CODES = { emailUnverified: 'email_unverified' } as const;
