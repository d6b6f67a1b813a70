import { Plus, SquarePen, Upload } from 'lucide-react';
import { DropdownMenu, MenuButton } from '../../../components/ui/menu';

export function CreateMenu() {
  return (
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
      {/* Uploading arrives with the upload dialog; until then the entry is visibly inert. */}
      <MenuButton icon={Upload} disabled description="Coming soon">
        Upload video
      </MenuButton>
      <MenuButton icon={SquarePen}>Create Post</MenuButton>
    </DropdownMenu>
  );
}
