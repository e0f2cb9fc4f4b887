// The form kit: a field's error and hints reach its control (aria-invalid, aria-describedby), the folder
// picker offers folders by path with the "none" choice first and leaves out what may not be chosen, the
// footer submits the form. And "planned end after start" is one rule for both processes.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DialogFooter, Field, FolderPicker, MAX_NAME } from '../../../renderer/components/FormKit.js';
import { createAppStores } from '../../../renderer/state/app-stores.js';
import { StoresProvider } from '../../../renderer/state/context.js';
import { validateSession } from '../../../renderer/components/SessionForm.js';
import { MAX_NAME as SCHEMA_MAX_NAME } from '../../../shared/ipc/limits.js';
import { invokeTable } from '../../../shared/ipc/schemas.js';
import { plannedTimesError } from '../../../shared/session-times.js';
import { createFakeBridge, makeSnapshot } from '../support/fake-bridge.js';

describe('Field', () => {
  it('wires its error and hints to the control, and says nothing when valid', () => {
    const { rerender } = render(
      <Field id="f" label="Name" hint="A hint" describedBy="elsewhere" error="Too long">
        {(control) => <input {...control} />}
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('f-error elsewhere f-hint');
    expect(screen.getByRole('alert').id).toBe('f-error');
    expect(document.getElementById('f-hint')?.textContent).toBe('A hint');
    rerender(
      <Field id="f" label="Name" error={null}>
        {(control) => <input {...control} />}
      </Field>,
    );
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('carries the contract’s name limit', () => {
    expect(MAX_NAME).toBe(SCHEMA_MAX_NAME);
    const alias = invokeTable['devices:set-alias'].request.safeParse({
      id: '1',
      alias: 'x'.repeat(MAX_NAME + 1),
    });
    expect(alias.success).toBe(false);
  });
});

describe('FolderPicker', () => {
  it('offers "none" first, then folders by path, without those not allowed', async () => {
    const folders = [
      { id: 'b', name: 'Berlin', parentId: 'c', dateCreation: null },
      { id: 'c', name: 'Customers', parentId: null, dateCreation: null },
      { id: 'a', name: 'Archive', parentId: null, dateCreation: null },
    ];
    const stores = createAppStores(
      createFakeBridge(makeSnapshot({ data: { folders, devices: [], sessions: [], users: [] } })),
    );
    await stores.start();
    const onChange = vi.fn();
    render(
      <StoresProvider value={stores}>
        <FolderPicker
          label="Parent"
          value=""
          onChange={onChange}
          none="Top level"
          allow={(id) => id !== 'a'}
        />
      </StoresProvider>,
    );
    const select = screen.getByRole('combobox', { name: 'Parent' });
    const options = within(select)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options[0]).toBe('Top level');
    expect(options.slice(1)).toEqual(['Customers', expect.stringMatching(/^Customers.+Berlin$/)]);
    fireEvent.change(select, { target: { value: 'b' } });
    expect(onChange).toHaveBeenCalledWith('b');
  });
});

describe('DialogFooter', () => {
  it('cancels, and submits its form; without a submit once there is nothing to submit', () => {
    const cancel = vi.fn();
    const submit = vi.fn((e: { preventDefault(): void }) => e.preventDefault());
    const { rerender } = render(
      <form onSubmit={submit}>
        <DialogFooter onCancel={cancel} submit="Move" />
      </form>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Move' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect([submit.mock.calls.length, cancel.mock.calls.length]).toEqual([1, 1]);
    rerender(
      <form onSubmit={submit}>
        <DialogFooter onCancel={cancel} cancel="Close" submit={null} />
      </form>,
    );
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Close']);
  });

  it('acts by itself outside a form: a question’s answer, drawn as a danger and focused first', () => {
    const confirm = vi.fn();
    const submitted = vi.fn();
    render(
      <form onSubmit={submitted}>
        <DialogFooter onCancel={() => {}} submit="Delete" onSubmit={confirm} danger autoFocus="submit" />
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Delete' });
    fireEvent.click(button);
    expect([confirm.mock.calls.length, submitted.mock.calls.length]).toEqual([1, 0]);
    expect(button.className).toBe('danger');
    expect(button.hasAttribute('data-autofocus')).toBe(true);
  });
});

describe('the kit is the one way a dialog writes a field, a footer or a limit', () => {
  // A dialog's label + control + error, its Cancel / Save footer and the contract's text limits are the
  // kit's (Field, DialogFooter, MAX_*): a hand-written copy in a component is what this refuses.
  const dir = path.resolve('renderer/components');
  const sources = readdirSync(dir)
    .filter((f) => f.endsWith('.tsx') && f !== 'FormKit.tsx')
    .map((f) => [f, readFileSync(path.join(dir, f), 'utf8')] as const);

  it('leaves the footer to DialogFooter', () => {
    expect(sources.filter(([, text]) => text.includes('dialog-footer')).map(([f]) => f)).toEqual([]);
  });

  it('writes no length limit as a number', () => {
    const literal = /maxLength=\{\d+\}/;
    expect(sources.filter(([, text]) => literal.test(text)).map(([f]) => f)).toEqual([]);
  });

  it('leaves a dialog’s label, control and error to Field', () => {
    const dialogs = sources.filter(([, text]) => text.includes('<Dialog'));
    const handWritten = dialogs.filter(([, text]) => text.includes('className="field"')).map(([f]) => f);
    expect(handWritten).toEqual([]);
  });
});

describe('planned end after start', () => {
  it('is one rule: the form says at the field what the main side refuses', () => {
    expect(plannedTimesError('2026-01-01T10:00:00Z', '2026-01-01T10:00:00Z')?.key).toBe(
      'error.app.endBeforeStart',
    );
    expect(plannedTimesError('2026-01-01T10:00:00Z', '2026-01-01T10:01:00Z')).toBeNull();
    expect(plannedTimesError(undefined, '2026-01-01T10:01:00Z')).toBeNull();
    const values = { customer: 'Bob', customerMail: '', language: 'en' as const };
    expect(validateSession({ ...values, start: '2026-01-01T10:00', end: '2026-01-01T09:00' })).toEqual({
      plannedEndTime: 'The planned end must be after the planned start.',
    });
    expect(validateSession({ ...values, start: '2026-01-01T10:00', end: '2026-01-01T11:00' })).toEqual({});
  });
});
