// Starts the built server on an empty data directory, so every browser run begins clean.
// With E2E_OIDC_PORT set it also runs a real OpenID Connect provider (oauth2-mock-server) on
// that port and points Google sign-in at it, so the whole redirect flow runs in the browser.
import fs from 'node:fs';

const dataDir = process.env.DATA_DIR;
if (!dataDir || !dataDir.includes('.tmp')) throw new Error('DATA_DIR must point into .tmp/');
fs.rmSync(dataDir, { recursive: true, force: true });

if (process.env.E2E_OIDC_PORT) {
  const { OAuth2Server } = await import('oauth2-mock-server');
  const idp = new OAuth2Server();
  await idp.issuer.keys.generate('RS256');
  await idp.start(Number(process.env.E2E_OIDC_PORT), '127.0.0.1');
  // The provider signs in one fixed, verified person, Gina Google, unless the browser carries
  // an `e2e_person` cookie naming another of these (read at the authorize step, remembered by
  // the code the token request then presents).
  const people = {
    gina: { sub: 'e2e-google-subject', email: 'gina.google@example.com', name: 'Gina Google' },
    dora: { sub: 'e2e-google-dora', email: 'dora.deletes@example.com', name: 'Dora Delete' },
    lena: { sub: 'e2e-google-lena', email: 'lena.linked@example.com', name: 'Lena Link' },
    nora: { sub: 'e2e-google-nora', email: 'nora.squatted@example.com', name: 'Nora Own' },
  };
  const personByCode = new Map();
  idp.service.on('beforeAuthorizeRedirect', (redirect, req) => {
    const wanted = /(?:^|;\s*)e2e_person=([a-z]+)/.exec(req.headers.cookie ?? '')?.[1];
    const code = redirect.url.searchParams.get('code');
    if (code) personByCode.set(code, people[wanted] ?? people.gina);
  });
  idp.service.on('beforeTokenSigning', (token, req) => {
    const person = personByCode.get(req.body?.code) ?? people.gina;
    Object.assign(token.payload, { ...person, email_verified: true });
  });
  process.env.GOOGLE_ISSUER_URL = idp.issuer.url;
  process.env.GOOGLE_CLIENT_ID = 'e2e-client';
  process.env.GOOGLE_CLIENT_SECRET = 'e2e-secret';
}

// With E2E_SMTP_PORT set it also runs a real SMTP server (smtp-server) on loopback and points
// SMTP_URL at it; every message it receives is written to E2E_MAILBOX as one JSON file (its
// envelope and raw text), where the specs read it (e2e/mailbox.ts).
if (process.env.E2E_SMTP_PORT) {
  const mailbox = process.env.E2E_MAILBOX;
  if (!mailbox || !mailbox.includes('.tmp')) throw new Error('E2E_MAILBOX must point into .tmp/');
  fs.rmSync(mailbox, { recursive: true, force: true });
  fs.mkdirSync(mailbox, { recursive: true });
  const { SMTPServer } = await import('smtp-server');
  let received = 0;
  const smtp = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        received += 1;
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        // Written whole, then renamed, so a reader never sees half a message.
        const name = `${String(received).padStart(5, '0')}.json`;
        fs.writeFileSync(`${mailbox}/.${name}`, JSON.stringify(mail));
        fs.renameSync(`${mailbox}/.${name}`, `${mailbox}/${name}`);
        callback();
      });
    },
  });
  await new Promise((resolve) =>
    smtp.listen(Number(process.env.E2E_SMTP_PORT), '127.0.0.1', resolve),
  );
  process.env.SMTP_URL = `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`;
}

await import('../server/dist/main.js');
