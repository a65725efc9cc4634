import './actions-menu.css';
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
} from 'react';

export interface MenuAction {
  /** What the item reads on screen, e.g. 'Delete'. */
  label: string;
  /** The item's accessible name when the visible label alone does not say what it acts on. */
  ariaLabel?: string;
  onSelect: () => void;
  testId?: string;
  /** Destructive: drawn in the danger colour. */
  danger?: boolean;
}

export interface ActionsMenuProps {
  /** The button's accessible name, naming the thing: 'More actions for unit A'. */
  label: string;
  actions: readonly MenuAction[];
  testId?: string;
  className?: string;
}

// Room kept between the menu and the window's edges.
const EDGE = 8;
// The top layer, where no card's overflow clips the menu. Where it is missing (jsdom hides every
// popover), the menu is a plain fixed element placed the same way.
const POPOVER = typeof HTMLElement !== 'undefined' && 'showPopover' in HTMLElement.prototype;

/**
 * A "⋯" button holding the rarer and destructive actions of a thing (the menu button pattern of
 * the WAI-ARIA practices): Enter, Space, ArrowDown or a click open it on its first item, ArrowUp
 * on its last; arrows, Home and End move; Escape closes it and gives focus back to the button;
 * a press outside or Tab closes it; choosing an item closes it before the action runs, with focus
 * on the button, so a dialog the action opens gives focus back there.
 *
 * The menu is drawn in the browser's top layer (popover) and placed by the button, below it or
 * above it when the window has no room left below, so a card's overflow never clips it.
 */
export function ActionsMenu({ label, actions, testId, className }: ActionsMenuProps) {
  const [open, setOpen] = useState<null | 'first' | 'last'>(null);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  const items = () =>
    Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  const close = useCallback((returnFocus: boolean) => {
    setOpen(null);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  const place = useCallback(() => {
    const button = buttonRef.current;
    const menu = menuRef.current;
    if (!button || !menu) return;
    const anchor = button.getBoundingClientRect();
    const width = menu.offsetWidth;
    const height = menu.offsetHeight;
    const left = Math.max(EDGE, Math.min(anchor.right - width, window.innerWidth - width - EDGE));
    const below = anchor.bottom + 4;
    const above = anchor.top - 4 - height;
    const top =
      below + height <= window.innerHeight - EDGE || above < EDGE
        ? Math.min(below, Math.max(EDGE, window.innerHeight - height - EDGE))
        : above;
    menu.style.left = `${Math.round(left)}px`;
    menu.style.top = `${Math.round(top)}px`;
  }, []);

  useLayoutEffect(() => {
    if (!open) return;
    const menu = menuRef.current;
    if (!menu) return;
    // Not in every browser (nor in jsdom): without it the fixed menu is still placed by the button.
    if (typeof menu.showPopover === 'function' && !menu.matches(':popover-open'))
      menu.showPopover();
    place();
    const all = items();
    (open === 'last' ? all[all.length - 1] : all[0])?.focus();
  }, [open, place]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (buttonRef.current?.contains(target) || menuRef.current?.contains(target)) return;
      close(false);
    };
    const follow = () => place();
    document.addEventListener('pointerdown', onPointerDown, true);
    window.addEventListener('scroll', follow, { capture: true, passive: true });
    window.addEventListener('resize', follow);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown, true);
      window.removeEventListener('scroll', follow, { capture: true });
      window.removeEventListener('resize', follow);
    };
  }, [open, close, place]);

  const onButtonKeyDown = (event: ReactKeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  };

  const onMenuKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const go = (index: number) => all[(index + all.length) % all.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        go(at + 1);
        break;
      case 'ArrowUp':
        go(at < 0 ? -1 : at - 1);
        break;
      case 'Home':
        go(0);
        break;
      case 'End':
        go(-1);
        break;
      case 'Escape':
        // Not on to a dialog or anything else listening for it.
        event.stopPropagation();
        close(true);
        break;
      case 'Tab':
        close(true);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  const choose = (action: MenuAction) => {
    close(true);
    action.onSelect();
  };

  return (
    <div className={className ? `actions-menu ${className}` : 'actions-menu'}>
      <button
        ref={buttonRef}
        type="button"
        className="inv-button actions-menu__button"
        aria-haspopup="menu"
        aria-expanded={open !== null}
        aria-controls={open ? menuId : undefined}
        aria-label={label}
        title={label}
        onClick={() => (open ? close(false) : setOpen('first'))}
        onKeyDown={onButtonKeyDown}
        data-testid={testId}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {open ? (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={label}
          className="actions-menu__menu"
          popover={POPOVER ? 'manual' : undefined}
          onKeyDown={onMenuKeyDown}
        >
          {actions.map((action) => (
            <button
              key={action.label}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={
                action.danger
                  ? 'actions-menu__item actions-menu__item--danger'
                  : 'actions-menu__item'
              }
              aria-label={action.ariaLabel}
              onClick={() => choose(action)}
              data-testid={action.testId}
            >
              {action.label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
