import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { expect, request, test } from '@playwright/test';
import { avatarFile, newAccount } from './support';

/**
 * A client on another site: a page served from http://localhost:P signs in against the API on
 * http://127.0.0.1:Q (another site: another host), which lists the page's origin in
 * CORS_ORIGINS, and stays signed in across reloads, as the original web app did when hosted
 * apart from its backend.
 */
const root = path.resolve(import.meta.dirname, '..');
const base = Number(process.env.E2E_PORT || 3100);
const PAGE_PORT = base + 2;
const API_PORT = base + 3;
const PAGE = `http://localhost:${PAGE_PORT}`;
const API = `http://127.0.0.1:${API_PORT}/api/v1`;

/** The whole client: a form, and the session as the API reports it. */
const CLIENT_JS = `
const api = ${JSON.stringify(API)};
const state = document.getElementById('state');
async function refresh() {
  const res = await fetch(api + '/users/check-session', { credentials: 'include' });
  const body = await res.json();
  state.textContent = body.isAuthenticated ? 'Signed in as ' + body.user.username : 'Signed out';
}
document.getElementById('login').addEventListener('submit', async (event) => {
  event.preventDefault();
  const res = await fetch(api + '/users/login', {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: document.getElementById('username').value,
      password: document.getElementById('password').value,
    }),
  });
  state.textContent = res.ok ? 'Checking' : 'Refused ' + res.status;
  if (res.ok) await refresh();
});
document.getElementById('logout').addEventListener('click', async () => {
  await fetch(api + '/users/logout', { method: 'POST', credentials: 'include' });
  await refresh();
});
refresh();
`;
const CLIENT_HTML = `<!doctype html><title>Another site</title>
<form id="login">
  <label>Username <input id="username"></label>
  <label>Password <input id="password" type="password"></label>
  <button>Sign in</button>
</form>
<button id="logout">Sign out</button>
<p id="state" role="status">Loading</p>
<script src="/client.js"></script>`;

let apiServer: ChildProcess | undefined;
const pageServers: http.Server[] = [];

test.beforeAll(async () => {
  const dataDir = path.join(root, '.tmp', 'e2e-cross-site');
  fs.rmSync(dataDir, { recursive: true, force: true });
  apiServer = spawn(process.execPath, ['server/dist/main.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(API_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SERVER_PROCESSES: '1',
      EMBEDDED_WORKER: 'false',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://127.0.0.1:${API_PORT}`,
      CORS_ORIGINS: PAGE,
    },
  });
  // localhost may resolve to either loopback address: the page answers on both.
  for (const host of ['127.0.0.1', '::1']) {
    const server = http.createServer((req, res) => {
      const js = req.url === '/client.js';
      res.writeHead(200, { 'content-type': js ? 'text/javascript' : 'text/html' });
      res.end(js ? CLIENT_JS : CLIENT_HTML);
    });
    await new Promise<void>((resolve) => {
      server.once('error', () => resolve());
      server.listen(PAGE_PORT, host, () => resolve());
    });
    if (server.listening) pageServers.push(server);
  }
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${API}/health/ready`)).status;
        } catch {
          return 0;
        }
      },
      { timeout: 60_000, intervals: [200] },
    )
    .toBe(200);
});

test.afterAll(async () => {
  for (const server of pageServers) server.close();
  if (apiServer?.exitCode === null) {
    const exited = new Promise((resolve) => apiServer!.once('exit', resolve));
    apiServer.kill('SIGTERM');
    await exited;
  }
});

test('a page on another site signs in against the API and stays signed in', async ({ page }) => {
  const account = newAccount('crosssite');
  const api = await request.newContext();
  const registered = await api.post(`${API}/users/register`, {
    multipart: {
      email: account.email,
      username: account.username,
      fullName: account.fullName,
      password: account.password,
      avatar: await avatarFile(),
    },
  });
  expect(registered.status()).toBe(201);
  await api.dispose();

  await page.goto(PAGE);
  const state = page.getByRole('status');
  await expect(state).toHaveText('Signed out');
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(state).toHaveText(`Signed in as ${account.username}`);

  // The cookie the browser kept is the API's, sent along with cross-site requests.
  const [sid] = (await page.context().cookies(API)).filter((c) => c.name === 'sid');
  expect(sid).toMatchObject({
    domain: '127.0.0.1',
    sameSite: 'None',
    secure: true,
    httpOnly: true,
  });

  await page.reload();
  await expect(state).toHaveText(`Signed in as ${account.username}`);

  // A write from the allowed origin passes the Origin check and ends the session.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(state).toHaveText('Signed out');
  await page.reload();
  await expect(state).toHaveText('Signed out');
});
