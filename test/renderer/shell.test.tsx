import { fireEvent, screen } from '@testing-library/react';
import { renderApp } from './support/render.js';

describe('shell shortcuts', () => {
  it('"/" focuses the search box at once from another screen, holding back only the "/" itself', async () => {
    await renderApp();
    fireEvent.click(screen.getByRole('link', { name: 'Sessions' }));
    expect(screen.queryByRole('searchbox')).toBeNull();
    const slash = new KeyboardEvent('keydown', { key: '/', bubbles: true, cancelable: true });
    document.body.dispatchEvent(slash);
    expect(slash.defaultPrevented).toBe(true);
    // Synchronously: the next key the technician types goes to the box, not to the page.
    const search = screen.getByRole('searchbox', { name: 'Search devices' });
    expect(document.activeElement).toBe(search);
    const next = new KeyboardEvent('keydown', { key: 'a', bubbles: true, cancelable: true });
    search.dispatchEvent(next);
    expect(next.defaultPrevented).toBe(false);
  });

  it('lists every section shortcut, Alt+5 (the Overview) included, and each Alt key opens its section', async () => {
    await renderApp();
    fireEvent.keyDown(window, { key: '5', altKey: true });
    expect(screen.getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBe('page');
    fireEvent.keyDown(window, { key: '4', altKey: true });
    expect(screen.getByRole('link', { name: 'Settings' }).getAttribute('aria-current')).toBe('page');
    const list = screen.getByRole('heading', { name: 'Keyboard shortcuts' }).nextElementSibling!;
    expect(list.textContent).toContain('Alt+5: devices, sessions, users, settings, overview');
    expect(list.textContent).toContain('Ctrl+K: command palette');
    expect(list.textContent).toContain('Enter sorts');
  });
});
