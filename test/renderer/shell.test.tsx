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

  it('lists every section shortcut, Alt+4 included, and Alt+4 opens Settings', async () => {
    await renderApp();
    fireEvent.keyDown(window, { key: '4', altKey: true });
    expect(screen.getByRole('link', { name: 'Settings' }).getAttribute('aria-current')).toBe('page');
    const list = screen.getByRole('heading', { name: 'Keyboard shortcuts' }).nextElementSibling!;
    expect(list.textContent).toContain('Alt+4');
    expect(list.textContent).toContain('Enter sorts');
  });
});
