// The pieces every form is made of, written once: a labelled field with its hint and its error wired to the
// control (aria-invalid, aria-describedby: a screen reader reads the error with the field), the folder
// picker (moving a folder, moving devices, a bulk move) and the Cancel / Save footer. Text limits come
// from the contract's schemas (shared/ipc/limits.ts), never a literal.

import { useId, type ReactNode } from 'react';
import type { Id } from '../../shared/model.js';
import { folderPath } from '../domain/folder-tree.js';
import { t } from '../i18n/index.js';
import { useFolderTree } from '../state/context.js';

export { MAX_EMAIL, MAX_NAME, MAX_SEARCH } from '../../shared/ipc/limits.js';

/** What a field's control carries: its id and how it is described. Spread it onto the input or select. */
export interface FieldControl {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * A label, its control, a hint under it and the error that belongs to it. The error's id is
 * `<id>-error`, the hint's `<id>-hint` unless `hintId` names it.
 */
export function Field(props: {
  /** The control's id (a form focuses its first invalid field by it); one is made when absent. */
  id?: string;
  label: ReactNode;
  hint?: ReactNode;
  hintId?: string;
  /** Further hints outside the field the control is described by (a time-zone note shared by two). */
  describedBy?: string;
  /** Said at the field; null or empty: the field is valid. */
  error?: string | null;
  children: (control: FieldControl) => ReactNode;
}) {
  const made = useId();
  const id = props.id ?? made;
  const errorId = `${id}-error`;
  const hintId = props.hintId ?? `${id}-hint`;
  const describedBy =
    [props.error ? errorId : null, props.describedBy, props.hint ? hintId : null].filter(Boolean).join(' ') ||
    undefined;
  return (
    <>
      <label className="field">
        <span>{props.label}</span>
        {props.children({
          id,
          'aria-invalid': props.error ? true : undefined,
          'aria-describedby': describedBy,
        })}
      </label>
      {props.hint && (
        <small id={hintId} className="hint field-hint">
          {props.hint}
        </small>
      )}
      {props.error && (
        <p id={errorId} role="alert" className="error-text field-hint">
          {props.error}
        </p>
      )}
    </>
  );
}

/** No folder chosen: what it means is the picker's `none` label ("Unassigned", "Top level", "—"). */
export const NO_FOLDER = '';

/** A folder chosen by its path, sorted by path; `none` first. */
export function FolderPicker(props: {
  label: ReactNode;
  value: Id | typeof NO_FOLDER;
  onChange: (id: Id | typeof NO_FOLDER) => void;
  none: string;
  /** Which folders may be chosen (a folder cannot move under itself); all when absent. */
  allow?: (id: Id) => boolean;
  autoFocus?: boolean;
  error?: string | null;
}) {
  const tree = useFolderTree();
  const { allow } = props;
  const options = [...tree.byId.keys()]
    .filter((id) => !allow || allow(id))
    .map((id) => ({ id, path: folderPath(tree, id) }))
    .sort((a, b) => a.path.localeCompare(b.path));
  return (
    <Field label={props.label} error={props.error ?? null}>
      {(control) => (
        <select
          {...control}
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
          data-autofocus={props.autoFocus || undefined}
        >
          <option value={NO_FOLDER}>{props.none}</option>
          {options.map((o) => (
            <option key={o.id} value={o.id}>
              {o.path}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/**
 * Cancel (or Close) and the dialog's one action: the form's submit button, or with `onSubmit` a button that
 * acts by itself (a question, a dialog without a form). No action when `submit` is null.
 */
export function DialogFooter(props: {
  onCancel: () => void;
  /** The cancel button's words: "Close" once there is nothing left to cancel. */
  cancel?: string;
  /** The action's words ("Save" when absent); null: no action button. */
  submit?: string | null;
  /** The action outside a form: its button acts on a click instead of submitting. */
  onSubmit?: () => void;
  /** The action destroys something (a delete): drawn as such. */
  danger?: boolean;
  /** The button the dialog opens on (a question's answer; Close when there is nothing else to do). */
  autoFocus?: 'submit' | 'cancel';
  /** Waiting for the answer, or nothing to submit yet. */
  disabled?: boolean;
}) {
  return (
    <div className="dialog-footer">
      <button
        type="button"
        onClick={props.onCancel}
        className={props.autoFocus === 'cancel' && props.submit === null ? 'primary' : undefined}
        data-autofocus={props.autoFocus === 'cancel' || undefined}
      >
        {props.cancel ?? t('common.cancel')}
      </button>
      {props.submit !== null && (
        <button
          type={props.onSubmit ? 'button' : 'submit'}
          className={props.danger ? 'danger' : 'primary'}
          disabled={props.disabled}
          onClick={props.onSubmit}
          data-autofocus={props.autoFocus === 'submit' || undefined}
        >
          {props.submit ?? t('common.save')}
        </button>
      )}
    </div>
  );
}
