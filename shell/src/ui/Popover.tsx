/**
 * What every popover of the UI kit (Menu, EmojiPicker) stands on: its content is rendered in a
 * portal at the end of the trigger's dialog or <main> (else <body>), so no card, list item
 * (`content-visibility: auto` contains paint), scroll container or stacking context can clip or
 * cover it, while it stays in a landmark and inside an aria-modal dialog; Floating UI keeps it
 * next to its trigger (fixed position), flips it above when there is no room below and shifts
 * it to stay on a 375 px screen, following scrolls and resizes while it is open.
 */
import React, { useCallback, useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { Placement } from '@floating-ui/react-dom';
import { loadOnce } from './load-once';

type FloatingUi = typeof import('@floating-ui/react-dom');
/**
 * Floating UI (about 9 KB gzip) is loaded when a popover first opens, not with the UI kit: no
 * page needs it before a menu or the emoji picker is opened (a failed load is tried again on the
 * next opening; meanwhile the popover is placed under its trigger).
 */
const loadFloatingUi = loadOnce<FloatingUi>(() => import(/* webpackChunkName: "floating-ui" */ '@floating-ui/react-dom'));

/** Keeps a screen edge's worth of room around a popover. */
const EDGE_PX = 8;

export interface PopoverPosition {
  /** The trigger the popover sits next to (null before it mounts). */
  anchor: HTMLElement | null;
  /** Ref callback for the trigger the popover sits next to. */
  setAnchor: (node: HTMLElement | null) => void;
  /** Ref callback for the popover's root element. */
  setFloating: (node: HTMLElement | null) => void;
  /** The popover's position (transparent until it has been measured once). */
  style: CSSProperties;
}

function usePopoverPosition(open: boolean, placement: Placement = 'bottom-end'): PopoverPosition {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [floating, setFloating] = useState<HTMLElement | null>(null);
  const [coords, setCoords] = useState<{ x: number; y: number } | null>(null);
  useEffect(() => {
    if (!open || !anchor || !floating) {
      setCoords(null);
      return undefined;
    }
    let active = true;
    let stopUpdates = () => undefined as void;
    // Without Floating UI (its chunk did not load, or it failed): under the anchor, right-aligned.
    const placeUnderAnchor = () => {
      if (!active) return;
      const box = anchor.getBoundingClientRect();
      setCoords({ x: Math.max(EDGE_PX, box.right - floating.offsetWidth), y: box.bottom + 4 });
    };
    loadFloatingUi().then(({ autoUpdate, computePosition, flip, offset, shift }) => {
      if (!active) return;
      const update = () => {
        computePosition(anchor, floating, {
          placement,
          strategy: 'fixed',
          middleware: [offset(4), flip({ padding: EDGE_PX }), shift({ padding: EDGE_PX })],
        }).then(({ x, y }) => active && setCoords({ x, y }), placeUnderAnchor);
      };
      // Follows scrolls, resizes and layout changes of both elements while open.
      stopUpdates = autoUpdate(anchor, floating, update);
    }, placeUnderAnchor);
    return () => {
      active = false;
      stopUpdates();
    };
  }, [open, anchor, floating, placement]);
  // The same styles Floating UI's React binding gives (fixed, moved by a transform).
  const x = Math.round(coords?.x ?? 0);
  const y = Math.round(coords?.y ?? 0);
  return {
    anchor,
    setAnchor,
    setFloating,
    style: { position: 'fixed', left: 0, top: 0, transform: `translate(${x}px, ${y}px)`, opacity: coords ? 1 : 0 },
  };
}

/**
 * Renders its children above the page, at the end of the anchor's dialog or <main>: inside a
 * dialog, so an aria-modal one does not hide it from screen readers; else inside <main>, so it
 * is in a landmark (axe: region). Fixed positioning lets it escape their scrolling and clipping.
 * Without either (or before the anchor mounts), at the end of <body>.
 */
export function PopoverLayer({ anchor, children }: { anchor: HTMLElement | null; children: ReactNode }) {
  return createPortal(children, anchor?.closest<HTMLElement>('[role="dialog"], main') ?? document.body);
}

/**
 * While `open`: a press outside both the trigger's wrapper and the popover closes it. (The
 * popover is not inside the wrapper in the DOM, so both are checked.)
 */
function useDismissOnOutsidePress(open: boolean, inside: ReadonlyArray<React.RefObject<HTMLElement | null>>, onDismiss: () => void): void {
  const latest = useRef({ inside, onDismiss });
  useEffect(() => {
    latest.current = { inside, onDismiss };
  });
  useEffect(() => {
    if (!open) return undefined;
    const onPointer = (event: MouseEvent) => {
      const target = event.target as Node;
      if (!latest.current.inside.some((ref) => ref.current?.contains(target))) latest.current.onDismiss();
    };
    document.addEventListener('mousedown', onPointer);
    return () => document.removeEventListener('mousedown', onPointer);
  }, [open]);
}

/**
 * A trigger button and its popover, as Menu and EmojiPicker use them: open state, the refs
 * Floating UI positions, dismissal on a press outside, focus on the popover's first
 * `focusSelector` element when it opens, and `close()` handing focus back to the button.
 */
export function usePopoverTrigger<T extends HTMLElement>(placement: Placement, focusSelector: string) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const popoverRef = useRef<T | null>(null);
  const buttonRef = useRef<HTMLButtonElement | null>(null);
  const position = usePopoverPosition(open, placement);
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
    (node: T | null) => {
      popoverRef.current = node;
      setFloating(node);
    },
    [setFloating],
  );

  useDismissOnOutsidePress(open, [rootRef, popoverRef], () => setOpen(false));

  useEffect(() => {
    if (open) popoverRef.current?.querySelector<HTMLElement>(focusSelector)?.focus();
  }, [open, focusSelector]);

  const close = useCallback(() => {
    setOpen(false);
    buttonRef.current?.focus();
  }, []);

  return { open, setOpen, close, rootRef, popoverRef, buttonRef, setButton, setPopover, anchor: position.anchor, style: position.style };
}
