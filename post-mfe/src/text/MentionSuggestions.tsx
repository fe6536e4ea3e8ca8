import React, {
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ChangeEvent,
  type KeyboardEvent,
  type RefObject,
  type ReactNode,
  type SyntheticEvent,
} from 'react';
import type { MemberV2 } from '@social/mock-api/contract-v2';
import { useMemberSearch } from '@social/shell/data';
import { Avatar, fullName } from '@social/shell/ui';
import './mentions.css';

/** How many members the list offers. */
const MAX_SUGGESTIONS = 6;
/** Quicker than the search overlay's wait: the list follows the typing. */
const SUGGEST_DELAY_MS = 200;

/**
 * The `@` and letters just before the caret, as `text` (without the '@') from `start` (the '@'):
 * an '@' at the start or after a character that cannot be part of a handle (./PostText.tsx's
 * tokenizer reads mentions the same way), followed by at least one letter, digit or `_`.
 */
export function mentionQueryAt(value: string, caret: number): { start: number; text: string } | null {
  const match = /(?:^|[^\p{L}\p{M}\p{N}_@])@([\p{L}\p{M}\p{N}_][\p{L}\p{M}\p{N}_.+-]{0,63})$/u.exec(value.slice(0, caret));
  if (!match) return null;
  const text = match[1]!;
  return { start: caret - text.length - 1, text };
}

type Field = HTMLInputElement | HTMLTextAreaElement;

/** Ctrl+Enter (Cmd+Enter on a Mac): sends the box's form, as on Mastodon, Bluesky and X. */
function isSendKey(event: KeyboardEvent): boolean {
  return event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !event.nativeEvent.isComposing;
}

/** Sends the box's form as its submit button would: not while that button is disabled (sending, empty). */
function sendForm(box: Field): void {
  const form = box.form;
  const button = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!form || !button || button.disabled) return;
  form.requestSubmit(button);
}

/**
 * Mention suggestions for a text box (the composer, the comment and reply boxes): typing "@"
 * and letters lists matching members in a listbox named "Mention suggestions" (the box points
 * at it with aria-controls and aria-activedescendant); ArrowUp/ArrowDown move, Enter or Tab
 * choose, Escape closes it, a click chooses. Choosing puts "@handle " in place of what was typed.
 * Ctrl+Enter or Cmd+Enter in the box sends its form (`isSendKey`), the list open or not.
 * The caller spreads `fieldProps` on its box and renders `list` next to it inside a `.mention-field`.
 */
export function useMentionSuggestions<E extends Field>({
  value,
  onValueChange,
  maxLength,
  onKeyDown,
  ref: given,
}: {
  value: string;
  onValueChange: (value: string) => void;
  maxLength?: number;
  /** The box's own keys (e.g. Escape closes an editor), when the list does not use the key. */
  onKeyDown?: (event: KeyboardEvent<E>) => void;
  /** The box's ref, when the caller needs one too. */
  ref?: RefObject<E>;
}) {
  const listId = useId();
  const own = useRef<E>(null);
  const ref = given ?? own;
  const [caret, setCaret] = useState<number | null>(null);
  const [closedAt, setClosedAt] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const pendingCaret = useRef<number | null>(null);
  const query = caret === null ? null : mentionQueryAt(value, caret);
  const search = useMemberSearch(query?.text ?? '', { delayMs: SUGGEST_DELAY_MS });
  const open = query !== null && query.start !== closedAt && search.results.length > 0;
  const options: MemberV2[] = open ? search.results.slice(0, MAX_SUGGESTIONS) : [];
  const activeIndex = Math.min(active, Math.max(options.length - 1, 0));

  // The caret goes after the inserted handle once React has put the new value in the box.
  useLayoutEffect(() => {
    const at = pendingCaret.current;
    if (at === null || !ref.current) return;
    pendingCaret.current = null;
    ref.current.setSelectionRange(at, at);
    setCaret(at);
  }, [value, ref]);

  const follow = (event: SyntheticEvent<E>) => setCaret(event.currentTarget.selectionStart);

  const choose = (member: MemberV2) => {
    if (!query || caret === null) return;
    const inserted = `@${member.userHandler} `;
    const next = value.slice(0, query.start) + inserted + value.slice(caret);
    if (maxLength !== undefined && next.length > maxLength) return;
    pendingCaret.current = query.start + inserted.length;
    setActive(0);
    onValueChange(next);
  };

  const keyDown = (event: KeyboardEvent<E>) => {
    if (open) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((activeIndex + step + options.length) % options.length);
        return;
      }
      if ((event.key === 'Enter' && !isSendKey(event)) || event.key === 'Tab') {
        event.preventDefault();
        choose(options[activeIndex]!);
        return;
      }
      if (event.key === 'Escape') {
        // Closes the list only (an editor's Escape would close the editor).
        event.preventDefault();
        event.stopPropagation();
        setClosedAt(query.start);
        return;
      }
    }
    if (isSendKey(event)) {
      event.preventDefault();
      sendForm(event.currentTarget);
      return;
    }
    onKeyDown?.(event);
  };

  const optionId = (i: number) => `${listId}-option-${i}`;
  const fieldProps = {
    ref,
    onChange: (event: ChangeEvent<E>) => {
      onValueChange(event.target.value);
      setCaret(event.target.selectionStart);
      setActive(0);
    },
    onSelect: follow,
    onKeyDown: keyDown,
    onBlur: () => setCaret(null),
    'aria-autocomplete': 'list' as const,
    'aria-controls': open ? listId : undefined,
    'aria-activedescendant': open ? optionId(activeIndex) : undefined,
  };

  const list: ReactNode = open ? (
    <ul className="mention-list" role="listbox" id={listId} aria-label="Mention suggestions">
      {options.map((member, i) => (
        // The keyboard chooses through the text box (arrows, Enter, Tab: aria-activedescendant); an option never takes focus.
        // eslint-disable-next-line jsx-a11y/click-events-have-key-events
        <li
          key={member._id}
          id={optionId(i)}
          role="option"
          aria-selected={i === activeIndex}
          className={i === activeIndex ? 'mention-list__option mention-list__option--active' : 'mention-list__option'}
          // The box keeps the focus (and its caret) while the mouse chooses.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => choose(member)}
        >
          <Avatar src={member.pic} name={fullName(member)} size={28} decorative />
          <span className="mention-list__name">{fullName(member)}</span>
          <span className="mention-list__handle muted">@{member.userHandler}</span>
        </li>
      ))}
    </ul>
  ) : null;

  return { fieldProps, list };
}
