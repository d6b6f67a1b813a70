import { Upload } from 'lucide-react';
import { buttonStyles } from '../../../components/ui/button-styles';
import { UploadLauncher } from '../../upload';

/** Opens the same upload dialog as the top bar's Create menu. */
export function UploadCta({ label = 'Upload videos' }: { label?: string }) {
  return (
    <UploadLauncher>
      {({ open, busy }) => (
        <button type="button" onClick={open} disabled={busy} className={buttonStyles.primary}>
          <Upload className="size-4" aria-hidden />
          {busy ? 'Uploading…' : label}
        </button>
      )}
    </UploadLauncher>
  );
}
