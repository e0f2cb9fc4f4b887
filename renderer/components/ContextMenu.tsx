// A context menu (WAI-ARIA menu): opened by a right click, Shift+F10 or the menu key on the item it acts
// on. Focus moves to the first entry; Up/Down/Home/End move, Enter/Space choose, Escape or Tab close and
// focus returns to where it was. A click anywhere else closes it. Placed at the pointer (or under the item
// for the keyboard) and kept inside the window.

import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { inDialog } from './Dialog.js';

export interface MenuItem {
  label: string;
  onSelect: () => void;
  /** Why it cannot be chosen now (shown as its tooltip); the entry stays visible. */
  disabled?: string | null;
}

export interface MenuAnchor {
  x: number;
  y: number;
}

export function ContextMenu(props: {
  label: string;
  at: MenuAnchor;
  items: MenuItem[];
  onClose: () => void;
}) {
  const { onClose, items, at } = props;
  const ref = useRef<HTMLDivElement>(null);
  const [pos, setPos] = useState(at);

  useLayoutEffect(() => {
    const box = ref.current?.getBoundingClientRect();
    if (!box) return;
    const x = Math.max(0, Math.min(at.x, window.innerWidth - box.width - 4));
    const y = Math.max(0, Math.min(at.y, window.innerHeight - box.height - 4));
    if (x !== at.x || y !== at.y) setPos({ x, y });
  }, [at]);

  // The owner may pass a new onClose on every render (a poll re-renders the grid while the menu is open).
  // Focus is taken once, when the menu opens: re-running this on a new onClose would send focus back to
  // the first entry under the user's arrow keys.
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    ref.current?.querySelector<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])')?.focus();
    const onDown = (e: globalThis.MouseEvent) => {
      if (!ref.current?.contains(e.target as Node) && !inDialog(e.target)) closeRef.current();
    };
    document.addEventListener('mousedown', onDown, true);
    return () => {
      document.removeEventListener('mousedown', onDown, true);
      previous?.focus?.({ preventScroll: true });
    };
  }, []);

  function entries(): HTMLElement[] {
    return [...(ref.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  }

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const list = entries();
    const at = list.indexOf(document.activeElement as HTMLElement);
    let to = -1;
    if (e.key === 'ArrowDown') to = (at + 1) % list.length;
    else if (e.key === 'ArrowUp') to = (at - 1 + list.length) % list.length;
    else if (e.key === 'Home') to = 0;
    else if (e.key === 'End') to = list.length - 1;
    else if (e.key === 'Escape' || e.key === 'Tab') {
      e.preventDefault();
      e.stopPropagation();
      onClose();
      return;
    } else return;
    e.preventDefault();
    e.stopPropagation();
    list[to]?.focus();
  }

  return (
    <div
      ref={ref}
      role="menu"
      aria-label={props.label}
      className="context-menu"
      style={{ left: pos.x, top: pos.y }}
      onKeyDown={onKeyDown}
      onContextMenu={(e) => e.preventDefault()}
    >
      {items.map((item) => (
        <button
          key={item.label}
          type="button"
          role="menuitem"
          tabIndex={-1}
          aria-disabled={item.disabled ? 'true' : undefined}
          title={item.disabled ?? undefined}
          onClick={() => {
            if (item.disabled) return;
            onClose();
            item.onSelect();
          }}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}

/** Opens a menu from the keyboard on the focused item: Shift+F10 or the menu key. */
export function isMenuKey(e: { key: string; shiftKey: boolean }): boolean {
  return e.key === 'ContextMenu' || (e.shiftKey && e.key === 'F10');
}

export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Without clipboard permission (an unfocused page, an old host) the copy did not happen: say so.
    return false;
  }
}
