import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { copyText } from '../../lib/copy-text';
import { UI_LIMITS } from '../../lib/ui-constants';

/**
 * Copies `text` and says so on the button for UI_LIMITS.copiedMs (SPEC: 'Copied!' / 'Copied' for
 * 2 s), with a polite announcement for screen readers.
 */
export function CopyButton({
  text,
  label,
  copiedLabel,
  announcement,
  className,
}: {
  text: () => string;
  label: string;
  copiedLabel: string;
  announcement: string;
  className: string;
}) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), UI_LIMITS.copiedMs);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const onCopy = async () => {
    if (await copyText(text())) setCopied(true);
    else console.error(`Copying failed: ${label}`);
  };

  return (
    <>
      <button type="button" onClick={() => void onCopy()} className={className}>
        {copied ? (
          <Check className="size-4" aria-hidden />
        ) : (
          <Copy className="size-4" aria-hidden />
        )}
        {copied ? copiedLabel : label}
      </button>
      <span role="status" className="sr-only">
        {copied ? announcement : ''}
      </span>
    </>
  );
}
