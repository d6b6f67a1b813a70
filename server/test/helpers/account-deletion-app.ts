import { apiCall } from './api-client.js';
import { GatedStore } from './gated-store.js';
import { manualClock, PUBLIC_URL } from './mail-app.js';
import { startSmtpServer, type TestSmtpServer } from './smtp-server.js';
import type { SignedIn } from './staff.js';
import { createTestApp, type TestApp } from './test-app.js';

/**
 * What the account deletion suites share: the app with mail on (so the account has mail
 * waiting and links out), on local storage that can hold a request at a known point, and the
 * calls a person makes. The same account deletion on S3 and for Google-only accounts:
 * account-deletion-s3 and account-deletion-google.
 */
export type Person = SignedIn;

export interface DeletionApp {
  t: TestApp;
  smtp: TestSmtpServer;
  store: GatedStore;
  clock: ReturnType<typeof manualClock>;
}

export async function accountDeletionApp(): Promise<DeletionApp> {
  const smtp = await startSmtpServer();
  const clock = manualClock();
  let store: GatedStore | undefined;
  try {
    const t = await createTestApp(
      { publicUrl: PUBLIC_URL, mail: { smtpUrl: smtp.url, from: 'Test <no-reply@vidshare.test>' } },
      { now: clock.now },
      { blobs: (dir) => (store = new GatedStore(dir)) },
    );
    return { t, smtp, store: store!, clock };
  } catch (error) {
    await smtp.close();
    throw error;
  }
}

/** The calls a person makes, against the app `app()` answers (read at call time). */
export function personCalls(app: () => TestApp) {
  return {
    /** With the person's password, another one, or none at all (null). */
    deleteAccount: (who: Person, password: string | null = who.password) =>
      apiCall(app(), 'DELETE', '/users/me', {
        cookie: who.cookie,
        payload: password === null ? {} : { password },
      }),
    like: (who: Person, type: 'Video' | 'Comment', id: string) =>
      apiCall(app(), 'POST', `/toggle/like-dislike/${id}/like`, {
        cookie: who.cookie,
        payload: { contentType: type },
      }),
    comment: (who: Person, videoId: string, content: string) =>
      apiCall(app(), 'POST', `/comments/createcomments/u/${videoId}`, {
        cookie: who.cookie,
        payload: { content },
      }),
    reply: (who: Person, commentId: string, content: string) =>
      apiCall(app(), 'POST', `/comments/replycomment/u/${commentId}`, {
        cookie: who.cookie,
        payload: { content },
      }),
    subscribe: (who: Person, channelId: string) =>
      apiCall(app(), 'POST', `/subscriptions/u/${channelId}`, { cookie: who.cookie }),
  };
}

export const mediaKey = (url: string) => url.replace(/^.*\/media\//, '');
export const prefixOf = (url: string) => mediaKey(url).slice(0, mediaKey(url).lastIndexOf('/') + 1);

/** What names the person: their id, addresses and usernames (the old ones too). */
export const traces = (who: Person, more: string[] = []) => [
  who.user._id,
  who.email,
  who.username,
  ...more,
];
