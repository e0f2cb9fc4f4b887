// The devices screen's side panes (saved views and the folder tree): a column beside the grid while the
// screen has the room, a drawer over it below that (a narrow window, or 200 % zoom), opened by a button or
// Alt+0 and closed by Escape, its own close or a click beside it. The panes stay mounted either way, so a
// tree opened down to a site is still open the next time the drawer is.

import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { t } from '../i18n/index.js';

/** Below this width the devices screen folds its side panes and filters away (CSS px of the screen). */
export const COMPACT_BELOW_PX = 960;

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Whether the element is narrower than `px`: by the space the screen has, not by the window's pixels (a
 * docked pane or a zoom changes it alike). Unmeasured (no layout: tests without a browser) counts as wide.
 */
export function useNarrowerThan(ref: RefObject<HTMLElement | null>, px: number): boolean {
  const [narrow, setNarrow] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const width = el.getBoundingClientRect().width;
      setNarrow(width > 0 && width < px);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') {
      window.addEventListener('resize', measure);
      return () => window.removeEventListener('resize', measure);
    }
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, px]);
  return narrow;
}

export function SidePanes(props: {
  compact: boolean;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const { compact, open, onClose } = props;
  const ref = useRef<HTMLDivElement>(null);
  const drawer = compact && open;
  useEffect(() => {
    if (!drawer) return;
    // Into the drawer: the selected folder if there is one, else its first control.
    const el = ref.current;
    (
      el?.querySelector<HTMLElement>('[role="treeitem"][tabindex="0"]') ??
      el?.querySelector<HTMLElement>(FOCUSABLE)
    )?.focus();
  }, [drawer]);

  function onKeyDown(e: React.KeyboardEvent) {
    if (!drawer) return;
    if (e.key === 'Escape' && !e.defaultPrevented) {
      e.stopPropagation();
      onClose();
      return;
    }
    if (e.key !== 'Tab' || !ref.current) return;
    const items = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (el) => el.offsetParent !== null,
    );
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  }

  return (
    <>
      {drawer && <div className="drawer-backdrop" aria-hidden="true" onMouseDown={onClose} />}
      <div
        ref={ref}
        id="device-side-panes"
        className={compact ? 'devices-sidebar drawer' : 'devices-sidebar'}
        role={compact ? 'dialog' : undefined}
        aria-modal={drawer || undefined}
        aria-label={compact ? t('devices.sidePanes') : undefined}
        hidden={compact && !open}
        onKeyDown={onKeyDown}
      >
        {compact && (
          <div className="drawer-head">
            <button type="button" className="icon-button" aria-label={t('common.close')} onClick={onClose}>
              ×
            </button>
          </div>
        )}
        {props.children}
      </div>
    </>
  );
}
