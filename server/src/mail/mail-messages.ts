/**
 * The messages this site sends, as plain text and HTML with the instance's name. Pure
 * functions: the link is built by the caller from PUBLIC_URL.
 */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export interface MailContext {
  instanceName: string;
  /** Who the message greets (their full name or username). */
  name: string;
}

interface Layout {
  subject: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Said after the link: why they got it, what to do if it was not them. */
  closing: string[];
}

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function render(ctx: MailContext, layout: Layout): MailContent {
  const greeting = `Hi ${ctx.name},`;
  const text = [
    greeting,
    '',
    ...layout.paragraphs.flatMap((p) => [p, '']),
    ...(layout.action ? [`${layout.action.label}: ${layout.action.url}`, ''] : []),
    ...layout.closing.flatMap((p) => [p, '']),
    `— ${ctx.instanceName}`,
  ].join('\n');
  const p = (t: string) => `<p style="margin:0 0 16px">${escapeHtml(t)}</p>`;
  const action = layout.action
    ? `<p style="margin:0 0 16px"><a href="${escapeHtml(layout.action.url)}" style="display:inline-block;padding:10px 18px;background:#cc0000;color:#ffffff;border-radius:18px;text-decoration:none">${escapeHtml(layout.action.label)}</a></p>` +
      p(`Or open this address: ${layout.action.url}`)
    : '';
  const html = [
    '<!doctype html><html><body style="font-family:Arial,sans-serif;color:#111;line-height:1.5">',
    `<h2 style="margin:0 0 16px">${escapeHtml(ctx.instanceName)}</h2>`,
    p(greeting),
    ...layout.paragraphs.map(p),
    action,
    ...layout.closing.map(p),
    '</body></html>',
  ].join('');
  return { subject: `${layout.subject} · ${ctx.instanceName}`, text, html };
}

export function verifyEmailMessage(ctx: MailContext, url: string, hours: number): MailContent {
  return render(ctx, {
    subject: 'Confirm your email address',
    paragraphs: [`Please confirm that this is your email address on ${ctx.instanceName}.`],
    action: { label: 'Confirm email address', url },
    closing: [
      `The link works once, for ${hours} hours.`,
      'If you did not sign up or ask for this, you can ignore this message.',
    ],
  });
}

export function passwordResetMessage(ctx: MailContext, url: string, minutes: number): MailContent {
  return render(ctx, {
    subject: 'Reset your password',
    paragraphs: [`Someone asked to reset the password of your ${ctx.instanceName} account.`],
    action: { label: 'Choose a new password', url },
    closing: [
      `The link works once, for ${minutes} minutes. Choosing a new password signs you out everywhere.`,
      'If it was not you, ignore this message: your password stays as it is.',
    ],
  });
}

export function emailChangeNoticeMessage(ctx: MailContext, newAddress: string): MailContent {
  return render(ctx, {
    subject: 'Your email address is being changed',
    paragraphs: [
      `Someone signed in to your ${ctx.instanceName} account asked to change its email address to ${newAddress}.`,
      'The change takes effect when the link sent to the new address is followed.',
    ],
    closing: [
      'If this was not you, change your password and sign out your other sessions in Settings.',
    ],
  });
}

export function passwordChangedMessage(ctx: MailContext): MailContent {
  return render(ctx, {
    subject: 'Your password was changed',
    paragraphs: [`The password of your ${ctx.instanceName} account was just changed.`],
    closing: ['If this was not you, reset your password at once from the sign-in page.'],
  });
}
