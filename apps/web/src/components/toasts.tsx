// The unstyled build: the default one injects a <style> tag, which our CSP rightly refuses.
import 'react-toastify/dist/ReactToastify.css';

import { type FocusEvent, type KeyboardEvent, type MouseEvent, useRef } from 'react';
import { toast, ToastContainer } from 'react-toastify/unstyled';

import { focusOn } from '@/lib/focus';

/**
 * The toast area, with the spec's options (§9): top-right, 5 s, pause on hover and focus loss.
 * A customer who moves into a toast and closes it, with its button or with Escape, goes back to
 * where they were, instead of to the top of the page with the toast gone.
 */
export default function Toasts() {
  const cameFrom = useRef<HTMLElement | null>(null);

  const goBack = (area: HTMLElement) => {
    // Only focus that is in the toast is lost with it.
    if (!area.contains(document.activeElement)) return;
    const target = cameFrom.current;
    cameFrom.current = null;
    if (target?.isConnected) target.focus();
    else {
      const main = document.getElementById('main');
      if (main) focusOn(main);
    }
  };
  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const from = event.relatedTarget;
    if (from instanceof HTMLElement && !event.currentTarget.contains(from)) {
      cameFrom.current = from;
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape' || !(event.target instanceof HTMLElement)) return;
    const shown = event.target.closest('.Toastify__toast');
    if (!shown) return;
    event.stopPropagation();
    goBack(event.currentTarget);
    toast.dismiss(shown.id);
  };
  const onClickCapture = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target instanceof Element && event.target.closest('.Toastify__close-button')) {
      goBack(event.currentTarget);
    }
  };

  return (
    <div onFocus={onFocus} onKeyDown={onKeyDown} onClickCapture={onClickCapture}>
      <ToastContainer
        position="top-right"
        autoClose={5000}
        pauseOnHover
        pauseOnFocusLoss
        theme="light"
      />
    </div>
  );
}
