// Settings shows where updates come from and how the last check went, or why updates are off; and how long
// the status history is kept, with what that costs on disk.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { makeSnapshot } from '../support/fake-bridge.js';
import { renderApp } from '../support/render.js';

async function openSettings() {
  await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Settings' })));
  return screen.getByRole('region', { name: 'Updates' });
}

describe('Settings: updates', () => {
  it('shows the feed and the last check of an installed app', async () => {
    const { bridge } = await renderApp();
    bridge.handle('updates:status', () => ({
      feedUrl: 'https://updates.example.org/stable/',
      off: null,
      lastCheck: { at: '2026-03-02T09:00:00Z', outcome: 'downloaded', version: '1.4.0' },
    }));
    const section = await openSettings();
    expect(bridge.callsTo('updates:status')).toEqual([{}]);
    const facts = within(section);
    expect(facts.getByText('https://updates.example.org/stable/')).toBeTruthy();
    expect(section.textContent).toMatch(
      /Last check.*: version 1\.4\.0 downloaded; it installs when you restart/,
    );
    expect(section.textContent).not.toContain('Updates are off');
  });

  it('says why updates are off, and that nothing was checked', async () => {
    const { bridge } = await renderApp();
    bridge.handle('updates:status', () => ({ feedUrl: null, off: 'browser-host', lastCheck: null }));
    const section = await openSettings();
    expect(section.textContent).toContain('Updates are off in the browser');
    expect(section.textContent).toContain('Not checked yet');
  });

  it('shows a failed check with its sentence, with the updater’s own detail after it', async () => {
    const { bridge } = await renderApp();
    bridge.handle('updates:status', () => ({
      feedUrl: 'https://updates.example.org/stable/',
      off: null,
      lastCheck: {
        at: '2026-03-02T09:00:00Z',
        outcome: 'failed',
        stage: 'check',
        message: 'getaddrinfo ENOTFOUND updates.example.org',
      },
    }));
    const section = await openSettings();
    expect(section.textContent).toContain('the check failed: getaddrinfo ENOTFOUND updates.example.org');
  });
});

describe('Settings: status history retention', () => {
  const MB = 1024 * 1024;
  async function openRetention() {
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Settings' })));
    return screen.getByRole('combobox', { name: 'Keep the status history for' }) as HTMLSelectElement;
  }

  it('shows what the history takes now, a day, and at the chosen retention, and saves a new one', async () => {
    const { bridge } = await renderApp();
    bridge.handle('history:usage', () => ({ bytes: 12 * MB, days: 4, retentionDays: 90 }));
    bridge.handle('settings:update', (p) => ({ ...makeSnapshot().settings, ...p }));
    const select = await openRetention();
    expect((select as HTMLSelectElement).value).toBe('90');
    const usage = await screen.findByText(/^Now 12 MB on this computer/);
    expect(usage.textContent).toBe(
      'Now 12 MB on this computer for 4 days (about 3 MB a day); 90 days would take about 270 MB. Older days are deleted.',
    );
    expect(select.getAttribute('aria-describedby')).toBe(usage.id);

    await act(async () => fireEvent.change(select, { target: { value: '30' } }));
    expect(bridge.callsTo('settings:update')).toEqual([{ historyRetentionDays: 30 }]);
  });

  it('says why there is no figure while signed out', async () => {
    const { bridge } = await renderApp();
    bridge.handle('history:usage', () => null);
    await openRetention();
    expect(
      await screen.findByText('Sign in to see what the status history takes on this computer.'),
    ).toBeTruthy();
  });

  it('offers a retention set outside the usual choices', async () => {
    const { bridge } = await renderApp({
      settings: { ...makeSnapshot().settings, historyRetentionDays: 45 },
    });
    bridge.handle('history:usage', () => ({ bytes: 0, days: 0, retentionDays: 45 }));
    const select = await openRetention();
    expect(select.value).toBe('45');
    expect([...select.options].map((o) => o.value)).toEqual(['7', '30', '45', '90', '180', '365', '730']);
    expect(await screen.findByText(/^Nothing recorded yet/)).toBeTruthy();
  });
});
