import type { VideoDetail } from '@contract';
import { Flag } from 'lucide-react';
import { useState } from 'react';
import { buttonStyles } from '../../../components/ui/button-styles';
import { useAuth } from '../../auth';
import { ReportDialog } from '../../moderation';

/** Signed-in viewers report someone else's video to staff; owners and visitors see nothing. */
export function ReportVideoButton({ video }: { video: VideoDetail }) {
  const { authUser } = useAuth();
  const [open, setOpen] = useState(false);
  if (!authUser || authUser._id === video.owner._id) return null;
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className={buttonStyles.secondary}>
        <Flag className="size-4" aria-hidden />
        Report
      </button>
      <ReportDialog
        open={open}
        onClose={() => setOpen(false)}
        target={{ type: 'video', id: video._id }}
      />
    </>
  );
}
