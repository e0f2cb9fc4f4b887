// What the palette asks of a screen's control (a dialog that is the control's own state), and the keys
// that reach each section.
import { describe, expect, it } from 'vitest';
import { SECTIONS, sectionForKey } from '../../../renderer/shortcuts.js';
import { createUiStore, uiActions } from '../../../renderer/state/ui-store.js';

describe('palette commands', () => {
  it('wait for their control, which takes each one once', () => {
    const store = createUiStore();
    const ui = uiActions(store);
    ui.request('save-view');
    expect(ui.consumeCommand('export')).toBe(false); // another control's
    expect(store.getState().command?.id).toBe('save-view');
    expect(ui.consumeCommand('save-view')).toBe(true);
    expect(ui.consumeCommand('save-view')).toBe(false);
    // Asked again: a new request, even for the same command.
    ui.request('save-view');
    const first = store.getState().command!.seq;
    ui.request('save-view');
    expect(store.getState().command!.seq).toBe(first + 1);
  });

  it('a user found in the palette is shown on the Users screen', () => {
    const store = createUiStore();
    uiActions(store).focusUser('u7');
    expect(store.getState()).toMatchObject({ screen: 'users', focusedUserId: 'u7' });
  });
});

describe('section keys', () => {
  it('Alt+1 … Alt+5 reach every section, the Overview last; other keys none', () => {
    expect(['1', '2', '3', '4', '5'].map(sectionForKey)).toEqual([
      'devices',
      'sessions',
      'users',
      'settings',
      'overview',
    ]);
    expect(SECTIONS.map((s) => s.screen)).toContain('overview');
    for (const key of ['0', '6', '9', 'a', '']) expect(sectionForKey(key)).toBeNull();
  });
});
