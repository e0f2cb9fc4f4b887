import { useEffect, useState } from 'react';
import { t } from '../i18n/index.js';
import { useStores, useUi } from '../state/context.js';
import type { Toast } from '../state/ui-store.js';

/** Toasts leave on their own in seconds (longer for errors and notices); pointer or focus on one holds it. */
export const TOAST_MS: Record<Toast['kind'], number> = { info: 5_000, notice: 10_000, error: 10_000 };

function ToastItem({ toast }: { toast: Toast }) {
  const stores = useStores();
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (held) return;
    const timer = setTimeout(() => stores.uiActions.dismissToast(toast.id), TOAST_MS[toast.kind]);
    return () => clearTimeout(timer);
  }, [toast, stores, held]);
  return (
    <div
      className={`toast toast-${toast.kind}`}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <span>{toast.text}</span>
      {toast.count > 1 && <span className="toast-count">{t('toasts.repeated', { count: toast.count })}</span>}
      {toast.target && (
        <button
          type="button"
          onClick={() => {
            stores.openTarget(toast.target!);
            stores.uiActions.dismissToast(toast.id);
          }}
        >
          {toast.target.kind === 'device' ? t('alerts.openDevice') : t('alerts.openFolder')}
        </button>
      )}
      {toast.sessionId && (
        <button
          type="button"
          onClick={() => {
            stores.uiActions.focusSession(toast.sessionId!);
            stores.uiActions.dismissToast(toast.id);
          }}
        >
          {t('sessions.show')}
        </button>
      )}
      <button
        type="button"
        className="icon-button"
        aria-label={t('common.dismiss')}
        onClick={() => stores.uiActions.dismissToast(toast.id)}
      >
        ×
      </button>
    </div>
  );
}

/**
 * The toasts sit in one live region (role=log, polite) that exists before any toast does, so a screen
 * reader hears each new one; it is also a labelled region, so it can be found and its buttons reached.
 */
export function Toasts() {
  const toasts = useUi((s) => s.toasts);
  return (
    <section className="toasts" aria-label={t('toasts.region')}>
      <div role="log" aria-live="polite" aria-relevant="additions text">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </div>
    </section>
  );
}

/** The polite live region for what is not a toast: a screen shown, a count after a filter, a status. */
export function Announcer() {
  const announcement = useUi((s) => s.announcement);
  return (
    <div id="announcer" role="status" aria-live="polite" className="visually-hidden">
      {announcement.text}
    </div>
  );
}
