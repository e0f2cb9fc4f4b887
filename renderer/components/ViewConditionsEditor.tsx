// A saved view's condition editor: the view's search, then groups of conditions (all of / any of, nested),
// each row a field, an operator and a value, with how many devices the view would show counted live as
// it is edited. Plain controls throughout (selects, inputs, checkboxes, buttons), so keys and the mouse
// both reach everything. Saving checks the result with the schema a pasted view is checked with.

import { useEffect, useMemo, useState, type FormEvent } from 'react';
import {
  MAX_GROUP_LEVEL,
  changeKind,
  emptyGroup,
  emptyRow,
  fromDraft,
  toDraft,
  updateNode,
  type DraftGroup,
  type DraftKept,
  type DraftNode,
  type DraftRow,
  type RowProblem,
} from '../domain/condition-draft.js';
import { conditionField, conditionFields, type ConditionField } from '../domain/condition-fields.js';
import { folderPath } from '../domain/folder-tree.js';
import type { SavedView } from '../domain/saved-view.js';
import { viewConditionPhrases } from '../domain/view-summary.js';
import { formatNumber, t } from '../i18n/index.js';
import { useData, useDeviceView, useFolderTree, useStores } from '../state/context.js';
import { Dialog } from './Dialog.js';
import { DialogFooter, Field, MAX_SEARCH } from './FormKit.js';

const STATUS_LABEL: Record<string, 'status.online' | 'status.offline' | 'status.busy' | 'status.unknown'> = {
  online: 'status.online',
  offline: 'status.offline',
  busy: 'status.busy',
  unknown: 'status.unknown',
};

// The editor's own layout (one row of controls that wraps whole controls, an error on its own line), kept
// here while the console's stylesheet has no rules for it.
const ROW_STYLE = { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '6px' } as const;
const WHOLE_LINE = { flexBasis: '100%' } as const;

/** What the editor's rows need besides the draft: folders and OSes to choose from, problems to show. */
interface EditorContext {
  fields: ConditionField[];
  folders: Array<{ id: string; path: string }>;
  oses: readonly string[];
  problems: ReadonlyMap<number, RowProblem>;
  folderName(id: string): string | null;
  edit(key: number, change: (n: DraftNode) => DraftNode | null): void;
}

export function ViewConditionsDialog(props: { view: SavedView; onClose: () => void }) {
  const stores = useStores();
  const versions = useData((s) => s.versions);
  const tree = useFolderTree();
  const { oses } = useDeviceView();
  const [search, setSearch] = useState(props.view.search);
  const [top, setTop] = useState<DraftGroup>(() => toDraft(props.view.where) as DraftGroup);
  const [count, setCount] = useState<number | null>(null);
  const [saveFailed, setSaveFailed] = useState(false);
  const result = useMemo(() => fromDraft(top), [top]);

  // Counted a moment after the last keystroke (100,000 devices are a few tens of ms), and again as polls
  // change the devices while the editor is open.
  useEffect(() => {
    // While a row is unusable the count is not shown (the status says why), so the last one can stay.
    if (!result.ok) return;
    const timer = setTimeout(
      () => setCount(stores.savedViews.countDraft({ search: search.trim(), where: result.where })),
      120,
    );
    return () => clearTimeout(timer);
  }, [result, search, versions, stores]);

  const ctx: EditorContext = {
    fields: conditionFields(),
    folders: [...tree.byId.keys()]
      .map((id) => ({ id, path: folderPath(tree, id) }))
      .sort((a, b) => a.path.localeCompare(b.path)),
    oses,
    problems: result.ok ? new Map() : result.problems,
    folderName: (id) => tree.byId.get(id)?.name ?? null,
    edit: (key, change) => setTop((g) => updateNode(g, key, change)),
  };

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!result.ok) return;
    if (stores.savedViews.setConditions(props.view.id, search.trim(), result.where)) props.onClose();
    else setSaveFailed(true);
  }

  return (
    <Dialog title={t('views.edit.title', { name: props.view.name })} onClose={props.onClose} wide>
      <form onSubmit={submit} noValidate>
        <div className="dialog-body view-editor">
          <Field label={t('views.edit.search')}>
            {(control) => (
              <input
                {...control}
                type="search"
                value={search}
                maxLength={MAX_SEARCH}
                data-autofocus
                onChange={(e) => setSearch(e.target.value)}
              />
            )}
          </Field>
          <GroupEditor group={top} path="" level={1} ctx={ctx} />
          <p className="view-editor-count" role="status" aria-live="polite">
            {!result.ok
              ? t('views.edit.countInvalid')
              : count === null
                ? t('views.countPending')
                : t('views.edit.count', { count })}
          </p>
          {saveFailed && (
            <p role="alert" className="error-text">
              {t('views.edit.saveRefused')}
            </p>
          )}
        </div>
        <DialogFooter onCancel={props.onClose} disabled={!result.ok} />
      </form>
    </Dialog>
  );
}

/** Groups and rows are named by where they sit ("Group 3", "Condition 3.2"): unique, and said aloud. */
function GroupEditor(props: {
  group: DraftGroup;
  path: string;
  level: number;
  ctx: EditorContext;
  onRemove?: () => void;
}) {
  const { group, level, ctx } = props;
  const label = props.path ? t('views.edit.group', { path: props.path }) : t('views.edit.topGroup');
  const at = (i: number) => (props.path ? `${props.path}.${i + 1}` : String(i + 1));
  return (
    <fieldset className="view-editor-group">
      <legend>{label}</legend>
      <label className="inline-field">
        <span>{t('views.edit.match')}</span>
        <select
          value={group.op}
          onChange={(e) =>
            ctx.edit(group.key, (n) => ({ ...(n as DraftGroup), op: e.target.value as 'and' | 'or' }))
          }
        >
          <option value="and">{t('views.edit.all')}</option>
          <option value="or">{t('views.edit.any')}</option>
        </select>
      </label>
      {group.items.length === 0 && <p className="field-hint">{t('views.edit.emptyGroup')}</p>}
      <ol className="view-editor-items">
        {group.items.map((item, i) => (
          <li key={item.key}>
            {item.type === 'group' ? (
              <GroupEditor
                group={item}
                path={at(i)}
                level={level + 1}
                ctx={ctx}
                onRemove={() => ctx.edit(item.key, () => null)}
              />
            ) : item.type === 'kept' ? (
              <KeptRow item={item} path={at(i)} ctx={ctx} />
            ) : (
              <RowEditor row={item} path={at(i)} ctx={ctx} />
            )}
          </li>
        ))}
      </ol>
      <div className="actions">
        <button
          type="button"
          onClick={() =>
            ctx.edit(group.key, (n) => ({
              ...(n as DraftGroup),
              items: [...(n as DraftGroup).items, emptyRow()],
            }))
          }
        >
          {t('views.edit.addCondition')}
        </button>
        {level < MAX_GROUP_LEVEL && (
          <button
            type="button"
            onClick={() =>
              ctx.edit(group.key, (n) => ({
                ...(n as DraftGroup),
                items: [...(n as DraftGroup).items, emptyGroup(group.op === 'or' ? 'and' : 'or')],
              }))
            }
          >
            {t('views.edit.addGroup')}
          </button>
        )}
        {props.onRemove && (
          <button type="button" onClick={props.onRemove}>
            {t('views.edit.removeGroup', { group: label })}
          </button>
        )}
      </div>
    </fieldset>
  );
}

function KeptRow(props: { item: DraftKept; path: string; ctx: EditorContext }) {
  const [phrase] = viewConditionPhrases(
    {
      id: '',
      name: '',
      search: '',
      where: { kind: 'group', op: 'and', conditions: [props.item.condition] },
      sort: { key: 'name', direction: 'asc' },
      columns: [],
    },
    { folderName: props.ctx.folderName },
  );
  const name = t('views.edit.row', { path: props.path });
  return (
    <div className="view-editor-row" role="group" aria-label={name} style={ROW_STYLE}>
      <span>{phrase}</span>
      <span className="field-hint">{t('views.edit.kept')}</span>
      <button type="button" onClick={() => props.ctx.edit(props.item.key, () => null)}>
        {t('views.edit.removeRow', { row: name })}
      </button>
    </div>
  );
}

function RowEditor(props: { row: DraftRow; path: string; ctx: EditorContext }) {
  const { row, ctx } = props;
  const field = conditionField(row.kind);
  const name = t('views.edit.row', { path: props.path });
  const problem = ctx.problems.get(row.key);
  const errorId = `view-editor-error-${row.key}`;
  const set = (patch: Partial<DraftRow>) => ctx.edit(row.key, (n) => ({ ...(n as DraftRow), ...patch }));
  return (
    <div className="view-editor-row" role="group" aria-label={name} style={ROW_STYLE}>
      <select
        aria-label={t('views.edit.field')}
        value={row.kind}
        onChange={(e) => ctx.edit(row.key, (n) => changeKind(n as DraftRow, e.target.value))}
      >
        {ctx.fields.map((f) => (
          <option key={f.kind} value={f.kind}>
            {f.label}
          </option>
        ))}
      </select>
      {field && field.operators.length > 1 ? (
        <select
          aria-label={t('views.edit.operator')}
          value={row.op}
          onChange={(e) => set({ op: e.target.value })}
        >
          {field.operators.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      ) : (
        <span className="view-editor-operator" style={{ whiteSpace: 'nowrap' }}>
          {field?.operators[0]?.label}
        </span>
      )}
      {field && (
        <ValueEditor row={row} field={field} ctx={ctx} errorId={problem ? errorId : undefined} set={set} />
      )}
      <button type="button" onClick={() => ctx.edit(row.key, () => null)}>
        {t('views.edit.removeRow', { row: name })}
      </button>
      {problem && (
        <span id={errorId} className="error-text field-hint" style={WHOLE_LINE}>
          {problem.key === 'views.edit.error.number' || problem.key === 'views.edit.error.whole'
            ? t(problem.key, { min: formatNumber(problem.min), max: formatNumber(problem.max) })
            : problem.key === 'views.edit.error.above'
              ? t(problem.key, { min: formatNumber(problem.min) })
              : t(problem.key)}
        </span>
      )}
    </div>
  );
}

function ValueEditor(props: {
  row: DraftRow;
  field: ConditionField;
  ctx: EditorContext;
  errorId: string | undefined;
  set: (patch: Partial<DraftRow>) => void;
}) {
  const { row, field, ctx, set } = props;
  const v = field.value;
  const invalid = props.errorId ? true : undefined;
  if (v.type === 'number' || v.type === 'text')
    return (
      <input
        aria-label={t('views.edit.value')}
        inputMode={v.type === 'number' ? 'decimal' : undefined}
        value={row.text}
        maxLength={MAX_SEARCH}
        aria-invalid={invalid}
        aria-describedby={props.errorId}
        onChange={(e) => set({ text: e.target.value })}
      />
    );
  if (v.type === 'folder')
    return (
      <select
        aria-label={t('views.edit.value')}
        value={row.folder ?? '\u0000'}
        aria-invalid={invalid}
        aria-describedby={props.errorId}
        onChange={(e) => set({ folder: e.target.value === '\u0000' ? null : e.target.value })}
      >
        <option value="">{t('views.edit.chooseFolder')}</option>
        <option value={'\u0000'}>{t('folders.unassigned')}</option>
        {ctx.folders.map((f) => (
          <option key={f.id} value={f.id}>
            {f.path}
          </option>
        ))}
      </select>
    );
  if (v.type === 'choices') {
    const options = v.options ?? [...new Set([...ctx.oses, ...row.choices])];
    return (
      <div
        className="view-editor-choices"
        style={ROW_STYLE}
        role="group"
        aria-label={t('views.edit.value')}
        aria-describedby={props.errorId}
      >
        {options.map((o) => (
          <label key={o} className="inline-field checkbox">
            <input
              type="checkbox"
              checked={row.choices.includes(o)}
              onChange={(e) =>
                set({ choices: e.target.checked ? [...row.choices, o] : row.choices.filter((c) => c !== o) })
              }
            />
            <span>{Object.hasOwn(STATUS_LABEL, o) ? t(STATUS_LABEL[o]!) : o || t('views.cond.noOs')}</span>
          </label>
        ))}
      </div>
    );
  }
  return null;
}
