import React, { useId, type KeyboardEvent, type ReactNode } from 'react';
import { PopoverLayer, usePopoverTrigger } from './Popover';

export interface MenuItem {
  label: string;
  onSelect: () => void;
  danger?: boolean;
}

/**
 * A "⋯" button opening a small menu above the page (see ./Popover: never clipped by its card).
 * Opening moves focus to the first item; arrows move between items; a choice, Escape, Tab or a
 * click elsewhere closes it, and focus goes back to the button.
 */
export function Menu({
  label,
  items,
  icon,
  pressed,
  describedBy,
}: {
  label: string;
  items: MenuItem[];
  /** What the button shows (decorative: `label` names it); "⋯" when absent. */
  icon?: ReactNode;
  /** A button that also tells a state (a repost made): its aria-pressed. */
  pressed?: boolean;
  /** The id of what describes the button (a count beside it). */
  describedBy?: string;
}) {
  const {
    open,
    setOpen,
    close,
    rootRef,
    popoverRef: listRef,
    buttonRef,
    setButton,
    setPopover,
    anchor,
    style,
  } = usePopoverTrigger<HTMLUListElement>('bottom-end', '[role="menuitem"]');
  const menuId = useId();

  const onListKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (event.key === 'Escape') {
      // Handled here: a dialog around the menu does not close with it.
      event.stopPropagation();
      close();
      return;
    }
    if (event.key === 'Tab') {
      // Out of the menu, onwards from its button (the menu sits at the end of <main> or the dialog).
      close();
      return;
    }
    const entries = Array.from(listRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
    const at = entries.indexOf(document.activeElement as HTMLElement);
    const move: Record<string, number> = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: entries.length - 1 };
    if (event.key in move && entries.length > 0) {
      event.preventDefault();
      entries[(move[event.key]! + entries.length) % entries.length]?.focus();
    }
  };

  return (
    <div className="menu" ref={rootRef}>
      <button
        ref={setButton}
        type="button"
        className="icon-btn"
        aria-label={label}
        aria-pressed={pressed}
        aria-describedby={describedBy}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        {icon ?? <span aria-hidden="true">⋯</span>}
      </button>
      {open && (
        <PopoverLayer anchor={anchor}>
          <ul
            ref={setPopover}
            style={style}
            className="menu__list popover"
            role="menu"
            id={menuId}
            aria-label={label}
            onKeyDown={onListKeyDown}
          >
            {items.map((item) => (
              <li key={item.label} role="none">
                <button
                  type="button"
                  role="menuitem"
                  className={item.danger ? 'menu__item menu__item--danger' : 'menu__item'}
                  onClick={() => {
                    setOpen(false);
                    // Focus back on the menu button first: a dialog the item opens returns focus there.
                    buttonRef.current?.focus();
                    item.onSelect();
                  }}
                >
                  {item.label}
                </button>
              </li>
            ))}
          </ul>
        </PopoverLayer>
      )}
    </div>
  );
}
