/**
 * What every popover of the UI kit (Menu, EmojiPicker) stands on: its content is rendered in a
 * portal at the end of <body>, so no card, list item (`content-visibility: auto` contains
 * paint), scroll container or stacking context can clip or cover it; Floating UI keeps it
 * next to its trigger (fixed position), flips it above when there is no room below and shifts
 * it to stay on a 375 px screen, following scrolls and resizes while it is open.
 */
import React, { useEffect, useRef, type CSSProperties, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { autoUpdate, flip, offset, shift, useFloating, type Placement } from '@floating-ui/react-dom';

/** Keeps a screen edge's worth of room around a popover. */
const EDGE_PX = 8;

export interface PopoverPosition {
  /** Ref callback for the trigger the popover sits next to. */
  setAnchor: (node: HTMLElement | null) => void;
  /** Ref callback for the popover's root element. */
  setFloating: (node: HTMLElement | null) => void;
  /** The popover's position (transparent until it has been measured once). */
  style: CSSProperties;
}

export function usePopoverPosition(open: boolean, placement: Placement = 'bottom-end'): PopoverPosition {
  const { refs, floatingStyles, isPositioned } = useFloating({
    open,
    placement,
    strategy: 'fixed',
    middleware: [offset(4), flip({ padding: EDGE_PX }), shift({ padding: EDGE_PX })],
    whileElementsMounted: autoUpdate,
  });
  return {
    setAnchor: refs.setReference,
    setFloating: refs.setFloating,
    style: { ...floatingStyles, opacity: isPositioned ? 1 : 0 },
  };
}

/** Renders its children at the end of <body>, above the page. */
export function PopoverLayer({ children }: { children: ReactNode }) {
  return createPortal(children, document.body);
}

/**
 * While `open`: a press outside both the trigger's wrapper and the popover closes it. (The
 * popover is not inside the wrapper in the DOM, so both are checked.)
 */
export function useDismissOnOutsidePress(open: boolean, inside: ReadonlyArray<React.RefObject<HTMLElement | null>>, onDismiss: () => void): void {
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
