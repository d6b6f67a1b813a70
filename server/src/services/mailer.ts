import os from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Transporter } from 'nodemailer';
import type { MailConfig } from '../config.js';
import { newId } from '../lib/ids.js';
import type { MailContent } from '../mail/mail-messages.js';
import { isPermanentSmtpFailure, mailRetryDelayMs } from '../mail/mail-retry.js';
import type { MailOutboxRepository } from '../repositories/mail-outbox.repository.js';

/** A sender holds a claimed message this long; the SMTP timeouts below end a send well within it. */
const LEASE_MS = 120_000;
/** How often an idle sender looks for messages other processes (or servers) queued. */
const POLL_MS = 5_000;
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };

export interface MailerDeps {
  outbox: MailOutboxRepository;
  /** Undefined: no SMTP_URL, nothing is queued or sent. */
  config: MailConfig | undefined;
  now: () => number;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/**
 * Mail leaves through the outbox: `send` writes a row in the caller's request and returns, and
 * a sender in every server process delivers due rows with nodemailer, claiming each with a lease
 * (any process, on any server, may deliver any message, and one that died mid-send hands it to
 * another when its lease runs out). A failed delivery is tried again with backoff.
 */
export class Mailer {
  private readonly owner = `${os.hostname()}-${process.pid}-${randomBytes(4).toString('hex')}`;
  private transport: Transporter | undefined;
  private timer: NodeJS.Timeout | undefined;
  /** The pass under way in this process, if any: one at a time. */
  private loop: Promise<unknown> | undefined;
  /** Something was queued (or the poll fired) while a pass ran: run another after it. */
  private pending = false;
  private started = false;

  constructor(private readonly deps: MailerDeps) {}

  /** Whether this server sends mail at all (SMTP_URL is set). */
  get enabled(): boolean {
    return this.deps.config !== undefined;
  }

  /** Queues a message; this process's sender starts on it at once. */
  async send(to: string, content: MailContent): Promise<void> {
    if (!this.deps.config) return;
    const now = this.deps.now();
    await this.deps.outbox.insert({
      id: newId(now),
      to_address: to,
      subject: content.subject,
      text_body: content.text,
      html_body: content.html,
      state: 'queued',
      run_after: now,
      created_at: now,
    });
    if (this.started) this.kick();
  }

  /** Starts delivering in the background (until `stop`). */
  start(): void {
    if (!this.deps.config || this.started) return;
    this.started = true;
    this.kick();
  }

  async stop(): Promise<void> {
    this.started = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    while (this.loop) await this.loop;
    this.transport?.close();
    this.transport = undefined;
  }

  /** Messages given up on a week ago or more: housekeeping. */
  prune(): Promise<unknown> {
    return this.deps.outbox.deleteFailedBefore(this.deps.now() - 7 * 86_400_000);
  }

  /** Delivers every message due now; answers how many were delivered (tests, the CLI). */
  async drain(): Promise<number> {
    let delivered = 0;
    await this.exclusive(async () => {
      delivered = await this.pass();
    });
    return delivered;
  }

  private kick(): void {
    this.pending = true;
    if (this.loop) return;
    void this.exclusive(async () => {
      while (this.pending) {
        this.pending = false;
        await this.pass();
      }
    }).catch((err: unknown) => this.deps.log.error({ err }, 'mail: sending failed'));
  }

  /** Runs `work` once no other pass runs; afterwards, the next poll is set (or a pass owed runs). */
  private async exclusive(work: () => Promise<void>): Promise<void> {
    while (this.loop) await this.loop.catch(() => undefined);
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const run = work();
    this.loop = run;
    try {
      await run;
    } finally {
      this.loop = undefined;
      if (this.started) {
        if (this.pending) this.kick();
        else {
          this.timer = setTimeout(() => this.kick(), POLL_MS);
          this.timer.unref();
        }
      }
    }
  }

  private async pass(): Promise<number> {
    let delivered = 0;
    for (;;) {
      const mail = await this.deps.outbox.claim(this.owner, this.deps.now(), LEASE_MS);
      if (!mail) return delivered;
      try {
        await (
          await this.transporter()
        ).sendMail({
          to: mail.to_address,
          subject: mail.subject,
          text: mail.text_body,
          html: mail.html_body,
        });
        await this.deps.outbox.delivered(mail.id, this.owner);
        delivered += 1;
      } catch (err) {
        const code = (err as { responseCode?: number }).responseCode;
        const delay = isPermanentSmtpFailure(code) ? undefined : mailRetryDelayMs(mail.attempts);
        const reason = err instanceof Error ? err.message : String(err);
        this.deps.log.warn(
          { mailId: mail.id, attempts: mail.attempts, reason, willRetry: delay !== undefined },
          'mail: delivery failed',
        );
        await this.deps.outbox.notDelivered(
          mail.id,
          this.owner,
          reason,
          delay === undefined ? undefined : this.deps.now() + delay,
        );
      }
    }
  }

  /** nodemailer is loaded when the first message goes out, not by every process at start. */
  private async transporter(): Promise<Transporter> {
    if (!this.transport) {
      const config = this.deps.config!;
      const nodemailer = await import('nodemailer');
      this.transport = nodemailer.createTransport(
        { url: config.smtpUrl, ...SMTP_TIMEOUTS },
        { from: config.from },
      );
    }
    return this.transport;
  }
}
