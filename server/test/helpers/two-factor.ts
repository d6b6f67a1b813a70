import { totpCode } from '../../src/lib/totp.js';
import { apiCall } from './api-client.js';
import type { TestApp } from './test-app.js';

/**
 * Turns two-factor sign-in on for a signed-in user as Settings does (set up, then confirm with
 * a code), and answers the secret the set-up showed. `now`: the app's clock, when injected.
 */
export async function turnOnTwoFactor(
  t: TestApp,
  cookie: string,
  now: () => number = Date.now,
): Promise<string> {
  const setup = await apiCall(t, 'POST', '/users/me/totp', { cookie });
  if (setup.statusCode !== 200) throw new Error(`totp set-up answered ${setup.statusCode}`);
  const { secret } = setup.json().data as { secret: string };
  const confirmed = await apiCall(t, 'POST', '/users/me/totp/confirm', {
    cookie,
    payload: { code: totpCode(secret, now()) },
  });
  if (confirmed.statusCode !== 200) {
    throw new Error(`totp confirm answered ${confirmed.statusCode}: ${confirmed.body}`);
  }
  return secret;
}
