import { fireEvent, screen, within } from '@testing-library/react';
import { renderApp } from '../support/render.js';
import { ADMIN } from '../support/fake-bridge.js';

describe('users screen', () => {
  it('lists users with role and language names and marks the current user', async () => {
    const other = {
      ...ADMIN,
      id: 'u2',
      firstname: 'Bo',
      lastname: 'Ek',
      email: 'bo@example.com',
      role: 'user' as const,
      language: 'ge' as const,
    };
    const odd = {
      ...ADMIN,
      id: 'u3',
      firstname: 'Cy',
      lastname: null,
      role: { unknown: 'auditor' },
      language: null,
    };
    await renderApp({ data: { folders: [], devices: [], sessions: [], users: [ADMIN, other, odd] } });
    fireEvent.click(screen.getByRole('link', { name: 'Users' }));
    const table = screen.getByRole('table', { name: 'Users' });
    const bo = within(table).getByRole('row', { name: /Bo Ek/ });
    expect(bo.textContent).toContain('German');
    expect(bo.textContent).toContain('User');
    expect(within(table).getByRole('row', { name: /Cy/ }).textContent).toContain('auditor (unknown value)');
    const me = within(table).getByRole('row', { name: /Ada Lovelace/ });
    expect(me.getAttribute('aria-current')).toBe('true');
    expect(me.textContent).toContain('you');
    expect(me.textContent).toContain('Administrator');
    expect(me.textContent).toContain('(GMT+01:00)');
  });
});
