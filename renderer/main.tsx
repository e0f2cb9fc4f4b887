import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { SessionNotice } from '../shared/ipc/contract.js';
import { noticeText } from '../shared/i18n/notice-text.js';
import { App } from './App.js';
import { t } from './i18n/index.js';
import { getBridge } from './bridge/index.js';
import { createAppStores } from './state/app-stores.js';
import { StoresProvider } from './state/context.js';
import './styles/app.css';

// In the browser host the page shows session notices itself (Electron's main process shows native ones).
function browserNotify(notice: SessionNotice, onClick: () => void): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  const { title, body } = noticeText(notice, t);
  const n = new Notification(title, { body, tag: `sessions-${notice.kind}` });
  n.onclick = () => {
    window.focus();
    onClick();
  };
}

const bridge = getBridge();
const stores = createAppStores(bridge, {
  systemNotify: (notice, onClick) => {
    if (stores.shell.getState().host === 'browser') browserNotify(notice, onClick);
  },
});
void stores.start();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <StoresProvider value={stores}>
      <App />
    </StoresProvider>
  </StrictMode>,
);
