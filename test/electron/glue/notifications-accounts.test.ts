// Native notifications with several accounts (issue 28): the title names the account, and a click opens
// that account first (the session's account passed on, the status notice's target naming it).
import { describe, expect, it, vi } from 'vitest';
import type { StatusTarget } from '../../../shared/status-history.js';
import { Notification } from '../support/electron-stub.js';
vi.mock('electron', () => import('../support/electron-stub.js'));
const { createNotifier, createStatusNotifier } = await import('../../../electron/glue/notifications.js');

describe('notifications of several accounts', () => {
  it('a session notice names its account and its click focuses the session in that account', () => {
    const log: string[] = [];
    const notify = createNotifier({
      showWindow: () => log.push('show'),
      focusSession: (id, account) => log.push(`focus ${id} in ${account}`),
    });
    notify({
      kind: 'started',
      sessions: [{ id: 's-9', code: '111', customer: 'ACME', plannedInitTime: null, initTime: null }],
      account: { id: 'b2', name: 'Customer B' },
    });
    const shown = Notification.shown.at(-1)!;
    expect(shown.options).toEqual({ title: 'Customer B: Support session started', body: 'ACME (code 111)' });
    shown.fire('click');
    expect(log).toEqual(['show', 'focus s-9 in b2']);
  });

  it('a status notice names its account and its click opens the target in that account', () => {
    const opened: StatusTarget[] = [];
    const notify = createStatusNotifier({ showWindow: () => undefined, openTarget: (t) => opened.push(t) });
    notify({
      title: '',
      body: '',
      items: [{ kind: 'offline', deviceId: 'd7', folderId: null, label: 'Front desk', flapping: false }],
      open: { kind: 'device', id: 'd7', account: 'b2' },
      account: { id: 'b2', name: 'Customer B' },
    });
    const shown = Notification.shown.at(-1)!;
    expect(shown.options.title).toMatch(/^Customer B: /);
    shown.fire('click');
    expect(opened).toEqual([{ kind: 'device', id: 'd7', account: 'b2' }]);
  });
});
