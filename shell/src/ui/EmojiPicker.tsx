import React, { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { PopoverLayer, useDismissOnOutsidePress, usePopoverPosition } from './Popover';

/** The 20 emojis of the picker. */
export const EMOJIS = [
  '😀', '😂', '😍', '🥰', '😎', '🤔', '😢', '😡', '👍', '👎',
  '🙏', '👏', '🎉', '🔥', '❤️', '💯', '✨', '🚀', '🌟', '☕',
] as const;

/**
 * "Add emoji" toggles a grid of emoji buttons, each named by its emoji, above the page (see
 * ./Popover). Opening moves focus to the first emoji; a pick, Escape, Tab or a click elsewhere
 * closes the grid and focus goes back to "Add emoji".
 */
export function EmojiPicker({ onPick }: { onPick: (emoji: string) => void }) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const gridRef = useRef<HTMLDivElement | null>(null);
  const buttonRef = useRef<HTMLButtonElement | null>(null);
  const position = usePopoverPosition(open, 'bottom-start');
  // Stable ref callbacks: each element is handed to Floating UI once, not on every render.
  const { setAnchor, setFloating } = position;
  const setButton = useCallback(
    (node: HTMLButtonElement | null) => {
      buttonRef.current = node;
      setAnchor(node);
    },
    [setAnchor],
  );
  const setPopover = useCallback(
    (node: HTMLDivElement | null) => {
      gridRef.current = node;
      setFloating(node);
    },
    [setFloating],
  );

  useDismissOnOutsidePress(open, [rootRef, gridRef], () => setOpen(false));

  useEffect(() => {
    if (open) gridRef.current?.querySelector<HTMLElement>('button')?.focus();
  }, [open]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  const onGridKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      // Handled here: the Edit post dialog around the picker stays open.
      event.stopPropagation();
      close();
    } else if (event.key === 'Tab') {
      // Out of the grid, onwards from "Add emoji" (the grid sits at the end of the page).
      close();
    }
  };

  return (
    <div className="emoji-picker" ref={rootRef}>
      <button
        ref={setButton}
        type="button"
        className="icon-btn"
        aria-label="Add emoji"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        <span aria-hidden="true">😊</span>
      </button>
      {open && (
        <PopoverLayer>
          <div
            ref={setPopover}
            style={position.style}
            className="emoji-picker__grid popover"
            role="group"
            aria-label="Emojis"
            onKeyDown={onGridKeyDown}
          >
            {EMOJIS.map((emoji) => (
              <button
                key={emoji}
                type="button"
                className="emoji-picker__emoji"
                aria-label={emoji}
                onClick={() => {
                  onPick(emoji);
                  close();
                }}
              >
                {emoji}
              </button>
            ))}
          </div>
        </PopoverLayer>
      )}
    </div>
  );
}

/** Inserts text at the caret of a text box (or at the end), returning the new value and caret. */
export function insertAtCursor(value: string, insert: string, element: HTMLTextAreaElement | HTMLInputElement | null) {
  const start = element?.selectionStart ?? value.length;
  const end = element?.selectionEnd ?? value.length;
  return { value: value.slice(0, start) + insert + value.slice(end), caret: start + insert.length };
}
