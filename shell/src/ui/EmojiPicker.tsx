import React, { type KeyboardEvent } from 'react';
import { Emoji } from './Emoji';
import { PopoverLayer, usePopoverTrigger } from './Popover';

/** The 20 emojis of the picker. */
export const EMOJIS = [
  '😀',
  '😂',
  '😍',
  '🥰',
  '😎',
  '🤔',
  '😢',
  '😡',
  '👍',
  '👎',
  '🙏',
  '👏',
  '🎉',
  '🔥',
  '❤️',
  '💯',
  '✨',
  '🚀',
  '🌟',
  '☕',
] as const;

/** The emoji drawn on "Add emoji" (tools/emoji/build.js ships its picture with the picker's). */
export const PICKER_BUTTON_EMOJI = '😊';

/**
 * "Add emoji" toggles a grid of emoji buttons, each named by its emoji, above the page (see
 * ./Popover). Opening moves focus to the first emoji; a pick, Escape, Tab or a click elsewhere
 * closes the grid and focus goes back to "Add emoji".
 */
export function EmojiPicker({ onPick }: { onPick: (emoji: string) => void }) {
  const { open, setOpen, close, rootRef, setButton, setPopover, anchor, style } = usePopoverTrigger<HTMLDivElement>(
    'bottom-start',
    'button',
  );

  // On each emoji (the grid's only focusable elements), not on the grid: a group is not interactive.
  const onEmojiKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'Escape') {
      // Handled here: the Edit post dialog around the picker stays open.
      event.stopPropagation();
      close();
    } else if (event.key === 'Tab') {
      // Out of the grid, onwards from "Add emoji" (the grid sits at the end of <main> or the dialog).
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
        <span aria-hidden="true">
          <Emoji emoji={PICKER_BUTTON_EMOJI} />
        </span>
      </button>
      {open && (
        <PopoverLayer anchor={anchor}>
          <div ref={setPopover} style={style} className="emoji-picker__grid popover" role="group" aria-label="Emojis">
            {EMOJIS.map((emoji) => (
              <button
                key={emoji}
                type="button"
                className="emoji-picker__emoji"
                aria-label={emoji}
                onKeyDown={onEmojiKeyDown}
                onClick={() => {
                  onPick(emoji);
                  close();
                }}
              >
                <Emoji emoji={emoji} />
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
