import { Ban, EllipsisVertical, Flag, Pencil, Trash2 } from 'lucide-react';
import { DropdownMenu, MenuButton } from '../../../components/ui/menu';

type CommentOptionsProps = {
  isOwn: boolean;
  /** The video's owner or staff: may delete anyone's comment here. */
  canDelete: boolean;
  /** The video's owner, on someone else's comment: may block its author from their videos. */
  canBlock: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onReport: () => void;
  onBlock: () => void;
};

/**
 * Authors edit or delete their own words; anyone else may report them, and the video's owner
 * (or staff) may also delete them, and the owner block their author.
 */
export function CommentOptions({
  isOwn,
  canDelete,
  canBlock,
  onEdit,
  onDelete,
  onReport,
  onBlock,
}: CommentOptionsProps) {
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
        <>
          <MenuButton icon={Flag} onSelect={onReport}>
            Report
          </MenuButton>
          {canDelete ? (
            <MenuButton icon={Trash2} onSelect={onDelete}>
              Delete
            </MenuButton>
          ) : null}
          {canBlock ? (
            <MenuButton icon={Ban} onSelect={onBlock}>
              Block user
            </MenuButton>
          ) : null}
        </>
      )}
    </DropdownMenu>
  );
}
