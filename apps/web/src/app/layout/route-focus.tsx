import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

import { focusOn } from '@/lib/focus';
import { staysInPlace } from '@/lib/navigation-state';

/** How long a page may take to show its heading (its script and data arriving) before focus
 * settles on the page's main region instead. */
const HEADING_WAIT_MS = 5_000;

/**
 * What a navigation does for everyone: the new page starts at its top, or at the section its
 * address names (/#parts); focus moves to the page's heading (or that section), so the next Tab
 * starts on the new page; and the page's name is announced. A fresh load leaves focus where the
 * browser puts it. Focus is not taken back from a customer who has already moved it elsewhere
 * while the page was still loading. A navigation that only changes what the page shows
 * (STAY_IN_PLACE) does none of this.
 */
export function useRouteFocus(announce: (text: string) => void): void {
  const location = useLocation();
  const { pathname, hash, key } = location;
  const firstLoad = useRef(true);
  const inPlace = staysInPlace(location.state as unknown);

  useEffect(() => {
    if (inPlace && !firstLoad.current) return;
    const section = hash ? document.getElementById(hash.slice(1)) : null;
    if (section) section.scrollIntoView();
    else window.scrollTo(0, 0);
    if (firstLoad.current) {
      firstLoad.current = false;
      return;
    }

    const main = document.getElementById('main');
    if (!main) return;
    const focusedBefore = document.activeElement;
    const stillWhereItWas = () =>
      document.activeElement === focusedBefore ||
      document.activeElement === document.body ||
      document.activeElement === null;
    const target = () =>
      hash ? document.getElementById(hash.slice(1)) : main.querySelector<HTMLElement>('h1');

    let naming: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
      clearTimeout(naming);
    };
    const land = (element: HTMLElement) => {
      stop();
      if (!stillWhereItWas()) return;
      if (hash) element.scrollIntoView();
      focusOn(element, { preventScroll: true });
      // A page already loaded names itself in its own effect, which runs after this one: the
      // title is read once this navigation's effects have all run, or the page left is named.
      naming = setTimeout(() => announce(document.title), 0);
    };

    const observer = new MutationObserver(() => {
      const found = target();
      if (found) land(found);
    });
    const timer = setTimeout(() => land(main), HEADING_WAIT_MS);
    const ready = target();
    if (ready) land(ready);
    else observer.observe(main, { childList: true, subtree: true });
    return stop;
  }, [pathname, hash, key, inPlace, announce]);
}

/**
 * A polite live region, present from the first render (a region that appears with its text is
 * often not read), that names each page a navigation arrives at.
 */
export function RouteAnnouncer() {
  const [text, setText] = useState('');
  useRouteFocus(setText);
  return (
    <p aria-live="polite" aria-atomic="true" className="sr-only" id="route-announcer">
      {text}
    </p>
  );
}
