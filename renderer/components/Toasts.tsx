import { useEffect } from 'react';
import { t } from '../i18n/index.js';
import { useStores, useUi } from '../state/context.js';
import type { Toast } from '../state/ui-store.js';

const INFO_MS = 6_000;

function ToastItem({ toast }: { toast: Toast }) {
  const stores = useStores();
  useEffect(() => {
    // Errors and session notices stay until dismissed: a technician on the phone may look away.
    if (toast.kind !== 'info') return;
    const timer = setTimeout(() => stores.uiActions.dismissToast(toast.id), INFO_MS);
    return () => clearTimeout(timer);
  }, [toast, stores]);
  return (
    <li className={`toast toast-${toast.kind}`} role={toast.kind === 'error' ? 'alert' : 'status'}>
      <span>{toast.text}</span>
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
    </li>
  );
}

export function Toasts() {
  const toasts = useUi((s) => s.toasts);
  return (
    <ul className="toasts" aria-label={t('toasts.region')}>
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </ul>
  );
}
