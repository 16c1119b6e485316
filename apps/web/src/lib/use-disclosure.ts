import { type FocusEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * A menu a button opens (the phone menu, the dashboard menu). It is open for the page it was
 * opened on, so following one of its links closes it; Escape closes it and puts focus back on its
 * button; and it closes when focus leaves both, so it never stays open over the page the
 * customer has moved on to. The button says whether the menu is open, and which menu it opens.
 */
export function useDisclosure<Panel extends HTMLElement>() {
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<Panel>(null);
  const { key } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === key;
  // Whether a pointer is pressed right now: focus then leaves for something being clicked.
  const pressing = useRef(false);

  useEffect(() => {
    if (!open) return;
    const down = () => {
      pressing.current = true;
    };
    const up = () => {
      pressing.current = false;
    };
    document.addEventListener('pointerdown', down, true);
    document.addEventListener('click', up, true);
    return () => {
      document.removeEventListener('pointerdown', down, true);
      document.removeEventListener('click', up, true);
    };
  }, [open]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    event.stopPropagation();
    setOpenOn(null);
    buttonRef.current?.focus();
  };
  const onBlur = (event: FocusEvent) => {
    const next = event.relatedTarget;
    const inside = (element: HTMLElement | null) => next instanceof Node && element?.contains(next);
    // Focus leaving the window (another tab, a dialog) is not leaving the menu.
    if (next === null) return;
    if (inside(buttonRef.current) || inside(panelRef.current)) return;
    if (pressing.current) {
      // A click elsewhere: folding the menu now would move the page under the pointer between
      // press and release, and the click would miss. It folds once the click has landed.
      document.addEventListener('click', () => setOpenOn(null), { once: true });
      return;
    }
    setOpenOn(null);
  };

  return {
    open,
    /** Spread on the element holding both the button and its menu. */
    containerProps: { onKeyDown, onBlur },
    /** Spread on the button that opens and closes the menu. */
    buttonProps: {
      ref: buttonRef,
      type: 'button',
      'aria-expanded': open,
      'aria-controls': panelId,
      onClick: () => setOpenOn(open ? null : key),
    } as const,
    /** Spread on the menu. */
    panelProps: { ref: panelRef, id: panelId },
  };
}
