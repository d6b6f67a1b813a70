import type { AppConfig } from '../../src/config.js';
import { manualClock } from './clock.js';
import { startSmtpServer, type TestSmtpServer } from './smtp-server.js';
import { createTestApp, type TestApp } from './test-app.js';

export const PUBLIC_URL = 'http://vidshare.test:5173';

// Links expire and retries fall due on a clock the test moves, without waiting.
export { manualClock };

/** The app with mail on, through a real SMTP server on loopback, on a clock the test moves. */
export async function mailApp(
  overrides: Partial<AppConfig> = {},
): Promise<{ t: TestApp; smtp: TestSmtpServer; clock: ReturnType<typeof manualClock> }> {
  const smtp = await startSmtpServer();
  const clock = manualClock();
  const t = await createTestApp(
    {
      publicUrl: PUBLIC_URL,
      instanceName: 'Testshare',
      mail: { smtpUrl: smtp.url, from: 'Testshare <no-reply@vidshare.test>' },
      ...overrides,
    },
    { now: clock.now },
  );
  const close = t.close;
  t.close = async () => {
    await close();
    await smtp.close();
  };
  return { t, smtp, clock };
}
