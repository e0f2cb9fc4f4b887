// Where keyboard focus goes when what held it closes or disappears: one mechanism for every dialog, menu
// and panel. An overlay gives focus back to the control that opened it; when that control is gone or
// disabled (the session just deleted, the Delete button of a folder no longer selected), focus lands on the
// nearest "home" ([data-focus-home]: the device grid, the folder tree, the sessions list) around where it
// was, else on the screen's heading. Without this, Chromium drops focus to <body> and a keyboard or
// screen-reader user has to start again from the top of the window.

import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function canTakeFocus(el: Element | null | undefined): el is HTMLElement {
  if (!(el instanceof HTMLElement) || !el.isConnected) return false;
  return !el.matches(':disabled') && !el.closest('[inert],[hidden],[aria-hidden="true"]');
}

/** The element's ancestors below the app's root: when all of those went (sign-in replaced by the console), no
 * home near it is left and focus goes to the new screen's heading. */
function ancestorsOf(el: Element | null): Element[] {
  const chain: Element[] = [];
  for (
    let at = el?.parentElement ?? null;
    at && at !== document.body && at.parentElement !== document.body;
    at = at.parentElement
  )
    chain.push(at);
  return chain;
}

/** A home's own tab stop: the home itself when focusable (the grid), else its current item (the list's). */
function tabStopOf(home: HTMLElement): HTMLElement | null {
  if (home.hasAttribute('tabindex') && canTakeFocus(home)) return home;
  const candidates = [
    ...home.querySelectorAll<HTMLElement>('[tabindex="0"]'),
    ...home.querySelectorAll<HTMLElement>(FOCUSABLE),
  ];
  return candidates.find(canTakeFocus) ?? null;
}

/** The current screen's heading, made focusable (not tabbable) so focus can rest on it. */
export function focusScreenHeading(): boolean {
  const heading =
    document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('main');
  if (!heading) return false;
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  heading.focus();
  return document.activeElement === heading;
}

/** Focus near where `lost` was (its ancestors as they were): the nearest home still there, else the heading. */
function land(chain: Element[]): void {
  // Inside a modal dialog still open (its button disabled while it works), focus stays in the dialog.
  const dialog = chain.find((at) => at.isConnected && at.getAttribute('role') === 'dialog');
  if (dialog instanceof HTMLElement) {
    dialog.focus();
    return;
  }
  for (const at of chain) {
    if (!at.isConnected) continue;
    // Above the screen (a toast, the top bar): no home there is "near"; the screen's heading is.
    if (at.querySelector('main')) break;
    const homes = [...at.querySelectorAll<HTMLElement>('[data-focus-home]')];
    if (at instanceof HTMLElement && at.hasAttribute('data-focus-home')) homes.unshift(at);
    for (const home of homes) {
      const stop = tabStopOf(home);
      if (stop) {
        stop.focus();
        return;
      }
    }
  }
  focusScreenHeading();
}

/** Puts focus back on `previous`, or as near to where it was as still exists. */
export function returnFocus(previous: HTMLElement | null, chain: Element[] = ancestorsOf(previous)): void {
  if (canTakeFocus(previous)) {
    previous.focus();
    if (document.activeElement === previous) return;
  }
  land(chain);
}

/**
 * For an overlay (dialog, menu, panel) while it is mounted: remembers what had focus when it opened and
 * gives focus back when it closes, unless the action already moved focus somewhere outside the overlay.
 * A layout effect, so focus is back while the overlay's elements still exist, before the next paint.
 */
export function useReturnFocus(root: RefObject<HTMLElement | null>): void {
  // Read once, while the overlay is first drawn: the opener still has focus then.
  const [opener] = useState(() => {
    const el = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return { el, chain: ancestorsOf(el) };
  });
  useLayoutEffect(() => {
    const overlay = root.current;
    return () => {
      const active = document.activeElement;
      const moved = active && active !== document.body && active.isConnected && !overlay?.contains(active);
      if (!moved) returnFocus(opener.el, opener.chain);
    };
  }, [root, opener]);
}

/**
 * Keeps focus off <body>: when the focused element is removed or disabled by a data change (a deleted
 * session, a closed panel, the sign-in form replaced by the console), focus lands near where it was.
 */
export function useFocusKeeper(): void {
  useEffect(() => {
    let last: HTMLElement | null = null;
    let chain: Element[] = [];
    let timer: ReturnType<typeof setTimeout> | null = null;
    const onFocusIn = (e: FocusEvent) => {
      if (e.target instanceof HTMLElement) {
        last = e.target;
        chain = ancestorsOf(last);
      }
    };
    const check = () => {
      timer = null;
      const active = document.activeElement;
      if (active instanceof HTMLElement && active !== document.body) {
        // Chromium leaves focus on a button that became disabled: it is as lost as a removed one.
        if (!canTakeFocus(active)) land(ancestorsOf(active));
        return;
      }
      if (!last || canTakeFocus(last)) return; // focus left on purpose (a click on empty space), not lost
      last = null;
      land(chain);
    };
    // Coalesced: one check per burst of changes (a scrolled grid changes many rows at once).
    const observer = new MutationObserver(() => {
      timer ??= setTimeout(check, 0);
    });
    document.addEventListener('focusin', onFocusIn);
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['disabled', 'hidden', 'inert'],
    });
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      observer.disconnect();
      if (timer) clearTimeout(timer);
    };
  }, []);
}
