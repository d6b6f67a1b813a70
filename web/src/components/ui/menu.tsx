import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { Link } from 'react-router';
import type { LucideIcon } from 'lucide-react';
import { cn } from '../../lib/cn';

type MenuContextValue = { close: (restoreFocus?: boolean) => void };

const MenuContext = createContext<MenuContextValue | null>(null);

function useMenuContext(): MenuContextValue {
  const context = useContext(MenuContext);
  if (!context) throw new Error('Menu items must be rendered inside <DropdownMenu>.');
  return context;
}

function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return menu ? Array.from(menu.querySelectorAll<HTMLElement>('[role="menuitem"]')) : [];
}

type DropdownMenuProps = {
  /** Accessible name of the trigger button (its content is usually just an icon or avatar). */
  label: string;
  trigger: ReactNode;
  triggerClassName?: string;
  /** Non-interactive content above the items, kept outside role="menu" as ARIA requires. */
  header?: ReactNode;
  align?: 'start' | 'end';
  panelClassName?: string;
  children: ReactNode;
};

/**
 * A button that opens a list of actions (WAI-ARIA menu button pattern): arrow keys, Home and
 * End move between items, Escape closes and returns focus, an outside click closes.
 */
export function DropdownMenu({
  label,
  trigger,
  triggerClassName,
  header,
  align = 'end',
  panelClassName,
  children,
}: DropdownMenuProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const focusOnOpen = useRef<'first' | 'last'>('first');
  const menuId = useId();

  const close = useCallback((restoreFocus = true) => {
    setOpen(false);
    if (restoreFocus) triggerRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const items = menuItems(menuRef.current);
    (focusOnOpen.current === 'first' ? items[0] : items[items.length - 1])?.focus();

    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const openWith = (focus: 'first' | 'last') => {
    focusOnOpen.current = focus;
    setOpen(true);
  };

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openWith(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = menuItems(menuRef.current);
    const current = items.indexOf(document.activeElement as HTMLElement);
    const focusAt = (index: number) => items[(index + items.length) % items.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusAt(current + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusAt(current < 0 ? -1 : current - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusAt(0);
        break;
      case 'End':
        event.preventDefault();
        focusAt(-1);
        break;
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        close();
        break;
      case 'Tab':
        close(false);
        break;
    }
  };

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={triggerRef}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close() : openWith('first'))}
        onKeyDown={onTriggerKeyDown}
        className={triggerClassName}
      >
        {trigger}
      </button>
      {open ? (
        <MenuContext.Provider value={{ close }}>
          <div
            className={cn(
              'absolute top-full z-50 mt-2 max-h-[calc(100dvh-5rem)] min-w-56 overflow-y-auto rounded-xl border border-line bg-raised py-2 shadow-2xl shadow-black/50',
              align === 'end' ? 'right-0' : 'left-0',
              panelClassName,
            )}
          >
            {header}
            <div ref={menuRef} id={menuId} role="menu" aria-label={label} onKeyDown={onMenuKeyDown}>
              {children}
            </div>
          </div>
        </MenuContext.Provider>
      ) : null}
    </div>
  );
}

const itemClass =
  'flex w-full items-center gap-4 px-4 py-2 text-left text-sm text-ink-strong outline-none hover:bg-hover focus-visible:bg-hover focus-visible:outline-none';

function ItemContent({ icon: Icon, children }: { icon?: LucideIcon; children: ReactNode }) {
  return (
    <>
      {Icon ? <Icon className="size-5 shrink-0 text-ink" aria-hidden /> : null}
      <span className="truncate">{children}</span>
    </>
  );
}

type MenuLinkProps = {
  to: string;
  icon?: LucideIcon;
  /** Opens in a new tab; the new page gets no handle on this one. */
  newTab?: boolean;
  children: ReactNode;
};

export function MenuLink({ to, icon, newTab = false, children }: MenuLinkProps) {
  const { close } = useMenuContext();
  if (newTab) {
    return (
      <a
        role="menuitem"
        tabIndex={-1}
        href={to}
        target="_blank"
        rel="noopener"
        className={itemClass}
        onClick={() => close(false)}
      >
        <ItemContent icon={icon}>{children}</ItemContent>
      </a>
    );
  }
  return (
    <Link role="menuitem" tabIndex={-1} to={to} className={itemClass} onClick={() => close(false)}>
      <ItemContent icon={icon}>{children}</ItemContent>
    </Link>
  );
}

type MenuButtonProps = {
  onSelect?: () => void;
  icon?: LucideIcon;
  /** Shown and focusable but inert, so people can still discover the action exists. */
  disabled?: boolean;
  description?: string;
  children: ReactNode;
};

export function MenuButton({
  onSelect,
  icon,
  disabled = false,
  description,
  children,
}: MenuButtonProps) {
  const { close } = useMenuContext();
  const descriptionId = useId();
  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      aria-disabled={disabled || undefined}
      aria-describedby={description ? descriptionId : undefined}
      className={cn(itemClass, disabled && 'cursor-not-allowed opacity-50 hover:bg-transparent')}
      onClick={() => {
        if (disabled) return;
        // Focus goes back to the menu's button first: a dialog the item opens then returns
        // focus there when it closes, instead of to the page.
        close(true);
        onSelect?.();
      }}
    >
      <ItemContent icon={icon}>{children}</ItemContent>
      {description ? (
        // Hidden from the name (so it stays exactly the label) but still read as the description.
        <span id={descriptionId} aria-hidden className="ml-auto shrink-0 text-xs text-ink-muted">
          {description}
        </span>
      ) : null}
    </button>
  );
}

export function MenuSeparator() {
  return <div role="separator" className="my-2 border-t border-line" />;
}
