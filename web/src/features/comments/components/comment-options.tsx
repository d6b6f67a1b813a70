import { EllipsisVertical, Flag, Pencil, Trash2 } from 'lucide-react';
import { DropdownMenu, MenuButton } from '../../../components/ui/menu';

type CommentOptionsProps = {
  isOwn: boolean;
  onEdit: () => void;
  onDelete: () => void;
};

/** Authors may edit or delete; everyone else sees Report, which only closes the menu. */
export function CommentOptions({ isOwn, onEdit, onDelete }: CommentOptionsProps) {
  return (
    <DropdownMenu
      label="Comment options"
      trigger={<EllipsisVertical className="size-5" aria-hidden />}
      triggerClassName="inline-flex size-9 items-center justify-center rounded-full text-ink-strong transition-colors hover:bg-hover"
      panelClassName="min-w-36 mt-1"
    >
      {isOwn ? (
        <>
          <MenuButton icon={Pencil} onSelect={onEdit}>
            Edit
          </MenuButton>
          <MenuButton icon={Trash2} onSelect={onDelete}>
            Delete
          </MenuButton>
        </>
      ) : (
        <MenuButton icon={Flag}>Report</MenuButton>
      )}
    </DropdownMenu>
  );
}
