import { Plus, SquarePen, Upload } from 'lucide-react';
import { DropdownMenu, MenuButton } from '../../../components/ui/menu';
import { UploadLauncher } from '../../../features/upload/components/upload-launcher';

export function CreateMenu() {
  return (
    <UploadLauncher>
      {({ open, busy }) => (
        <DropdownMenu
          label="Create"
          triggerClassName="inline-flex h-9 items-center gap-1.5 rounded-full bg-hover px-2.5 text-sm font-medium text-ink-strong transition-colors hover:bg-active aria-expanded:bg-active sm:px-3.5"
          trigger={
            <>
              <Plus className="size-5" aria-hidden />
              <span className="hidden sm:inline">Create</span>
            </>
          }
        >
          {/* One upload at a time: the panel in the corner shows the one being sent. */}
          <MenuButton
            icon={Upload}
            onSelect={open}
            disabled={busy}
            description={busy ? 'Uploading…' : undefined}
          >
            Upload video
          </MenuButton>
          <MenuButton icon={SquarePen}>Create Post</MenuButton>
        </DropdownMenu>
      )}
    </UploadLauncher>
  );
}
