// A saved view's name input holds as much as the contract lets the main side keep (MAX_VIEW_NAME), not a
// number of its own: a longer name could not be typed, a name the input takes is never refused on save.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MAX_VIEW_NAME } from '../../../shared/ipc/limits.js';
import { invokeTable } from '../../../shared/ipc/schemas.js';
import { renderApp } from '../support/render.js';

describe('a saved view’s name', () => {
  it('takes up to the contract’s limit, and a name that long is saved', async () => {
    const { bridge } = await renderApp();
    const views = screen.getByRole('region', { name: 'Saved views' });
    fireEvent.click(within(views).getByRole('button', { name: 'Save current filter as a view' }));
    const dialog = screen.getByRole('dialog');
    const input = within(dialog).getByRole('textbox');
    expect((input as HTMLInputElement).maxLength).toBe(MAX_VIEW_NAME);

    fireEvent.change(input, { target: { value: 'N'.repeat(MAX_VIEW_NAME) } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    });
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    const saved = bridge.callsTo('views:save').at(-1) as { views: Array<{ name: string }> };
    expect(saved.views.at(-1)!.name).toHaveLength(MAX_VIEW_NAME);
    expect(invokeTable['views:save'].request.safeParse(saved).success).toBe(true);
  });
});
