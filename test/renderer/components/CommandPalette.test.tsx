// The command palette speaks the chosen language: a session's state is its name there (and found by it),
// not the service's raw value.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../renderer/i18n/index.js';
import { ADMIN, makeSnapshot, session } from '../support/fake-bridge.js';
import { renderApp } from '../support/render.js';

afterEach(() => act(() => setLanguage('en')));

describe('command palette', () => {
  it('names a session’s state in the chosen language and finds it by that name', async () => {
    await renderApp({
      settings: { ...makeSnapshot().settings, language: 'ge' },
      data: {
        folders: [],
        devices: [],
        sessions: [session('s1', { customer: 'Frau Weber', code: '04712', state: 'ongoing' })],
        users: [ADMIN],
      },
    });
    fireEvent.click(screen.getByRole('button', { name: /Befehlspalette/ }));
    const input = screen.getByRole('combobox', { name: 'Befehlspalette' });
    fireEvent.change(input, { target: { value: 'laufend' } });
    const listbox = screen.getByRole('listbox');
    const option = within(listbox).getByRole('option', { name: /Frau Weber/ });
    expect(option.textContent).toContain('04712 Laufend');
    expect(option.textContent).not.toContain('ongoing');
  });
});
