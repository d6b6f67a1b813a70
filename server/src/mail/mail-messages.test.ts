import { describe, expect, it } from 'vitest';
import {
  emailChangeNoticeMessage,
  escapeHtml,
  passwordResetMessage,
  verifyEmailMessage,
} from './mail-messages.js';

const ctx = { instanceName: 'Tube <Home>', name: 'Ann & Bo' };

describe('mail messages', () => {
  it('carry the instance name and the link in both bodies', () => {
    const url = 'https://v.example/verify-email?token=abc';
    const m = verifyEmailMessage(ctx, url, 48);
    expect(m.subject).toBe('Confirm your email address · Tube <Home>');
    expect(m.text).toContain(url);
    expect(m.text).toContain('Hi Ann & Bo,');
    expect(m.text).toContain('— Tube <Home>');
    expect(m.html).toContain(`href="${url}"`);
    expect(m.html).toContain('Tube &lt;Home&gt;');
    expect(m.html).toContain('Hi Ann &amp; Bo,');
  });

  it('escape what people typed in the HTML body', () => {
    const m = emailChangeNoticeMessage(ctx, '"><script>x</script>@example.com');
    expect(m.html).not.toContain('<script>');
    expect(m.text).toContain('"><script>x</script>@example.com');
  });

  it('say how long a reset link lasts', () => {
    expect(passwordResetMessage(ctx, 'https://x/reset', 60).text).toContain('for 60 minutes');
  });

  it('escape every HTML special character', () => {
    expect(escapeHtml(`<a href="x">&'`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&#39;');
  });
});
