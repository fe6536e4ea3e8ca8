import React, { useState } from 'react';

/** The 20 emojis of the picker. */
export const EMOJIS = [
  '😀', '😂', '😍', '🥰', '😎', '🤔', '😢', '😡', '👍', '👎',
  '🙏', '👏', '🎉', '🔥', '❤️', '💯', '✨', '🚀', '🌟', '☕',
] as const;

/** "Add emoji" toggles a grid of emoji buttons, each named by its emoji. */
export function EmojiPicker({ onPick }: { onPick: (emoji: string) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="emoji-picker">
      <button type="button" className="icon-btn" aria-label="Add emoji" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        <span aria-hidden="true">😊</span>
      </button>
      {open && (
        <div className="emoji-picker__grid" role="group" aria-label="Emojis">
          {EMOJIS.map((emoji) => (
            <button
              key={emoji}
              type="button"
              className="emoji-picker__emoji"
              aria-label={emoji}
              onClick={() => {
                onPick(emoji);
                setOpen(false);
              }}
            >
              {emoji}
            </button>
          ))}
        </div>
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
