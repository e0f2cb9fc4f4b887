// Start first, draw second: the stores subscribe to the host and ask for the snapshot as soon as this
// small part has run; the interface (mount.tsx: React DOM and the screens, most of the code) is loaded and
// run while the answer travels, instead of before the question is even asked.
import type { SessionNotice } from '../shared/ipc/contract.js';
import { noticeText } from '../shared/i18n/notice-text.js';
import { t } from './i18n/index.js';
import { getBridge } from './bridge/index.js';
import { createAppStores } from './state/app-stores.js';
import './styles/app.css';
import './styles/reflow.css';
// The chart's stylesheet belongs to mount.tsx's code, but imported there it made a stylesheet of its own
// that the dynamic import below fetched and waited for before running the interface: one more round trip
// on the way to the first rows. Here it joins the entry's stylesheet, loaded with the page.
import 'uplot/dist/uPlot.min.css';

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

const root = document.getElementById('root')!;
import('./mount.js').then(
  ({ mount }) => mount(root, stores),
  // Only a damaged installation gets here: say so rather than leave a blank window.
  (error: unknown) => {
    root.textContent = t('app.startFailed', {
      message: error instanceof Error ? error.message : String(error),
    });
  },
);
