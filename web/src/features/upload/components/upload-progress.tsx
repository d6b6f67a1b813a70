import { createPortal } from 'react-dom';
import { buttonStyles } from '../../../components/ui/button-styles';
import type { VideoUploadSession } from '../hooks/use-video-upload';
import { TransferStatus } from './transfer-status';
import { UploadProcessing } from './upload-processing';

type UploadProgressProps = {
  session: VideoUploadSession;
  dialogOpen: boolean;
  onOpen: () => void;
  onDismiss: () => void;
};

/**
 * Bottom-corner panel: the upload's progress while its dialog is closed (with a way back to
 * the form), then the published video's processing. Portalled to <body>: the top bar's
 * backdrop blur would otherwise pin a fixed child to the bar.
 */
export function UploadProgress({ session, dialogOpen, onOpen, onDismiss }: UploadProgressProps) {
  const sending = session.file !== null && !dialogOpen;
  if (!sending && !session.published) return null;
  return createPortal(
    <div
      role="status"
      aria-label="Upload progress"
      className="fixed right-4 bottom-4 z-50 w-[min(22rem,calc(100vw-2rem))] rounded-xl border border-line bg-raised p-4 text-sm shadow-2xl shadow-black/50"
    >
      {session.published ? (
        <>
          <UploadProcessing uploaded={session.published} onDismiss={onDismiss} />
          {session.warning ? <p className="mt-2 text-xs text-red-300">{session.warning}</p> : null}
        </>
      ) : (
        <div className="flex flex-col gap-3">
          <p className="truncate font-medium text-ink-strong">
            {session.values?.title || session.file?.name}
          </p>
          <TransferStatus
            state={session.transfer.state}
            onPause={session.transfer.pause}
            onResume={session.transfer.resume}
            onCancel={session.cancel}
          />
          <button type="button" className={buttonStyles.secondary} onClick={onOpen}>
            {session.phase === 'editing' ? 'Back to the details' : 'Show the upload'}
          </button>
        </div>
      )}
    </div>,
    document.body,
  );
}
