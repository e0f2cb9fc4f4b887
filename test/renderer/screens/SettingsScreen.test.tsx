// Settings shows where updates come from and how the last check went, or why updates are off.
import { act, fireEvent, screen, within } from '@testing-library/react';
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
