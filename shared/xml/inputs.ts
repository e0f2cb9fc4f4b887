// Request bodies, both directions: the client encodes them, the stand-in service decodes them.
//
// The encoders send exactly what the input says: an absent field is not written, an empty collection is an
// empty element (`<devices/>` = unassign all), a null parent/folder is an empty element (`<folder_id/>` =
// unassign), collection items carry only their `<id>`.
//
// The decoders never throw for a bad value: they report it, so the service can answer with its code
// (1001 for a read-only field, 1002/422 for a value that is not valid) instead of failing. They throw an
// XmlError only when the body is not a document of the expected kind at all.

import { DEVICE_READ_ONLY_XML, DEVICE_WRITABLE_XML } from '../device-fields.js';
import {
  LANGUAGES,
  type DeviceUpdate,
  type FolderInput,
  type Id,
  type KnownLanguage,
  type SessionCreate,
  type SessionUpdate,
  type Timestamp,
} from '../model.js';
import { XmlError } from './xml-error.js';
import {
  ONE_MIB,
  child,
  childNames,
  collection,
  isObject,
  leaf,
  normaliseTimestamp,
  parseDocument,
  type XmlNode,
  type XmlObject,
} from './read.js';
import { container, document, element, escapeXml } from './write.js';
import type { DecodeOptions } from './resources.js';

export type InvalidFieldProblem =
  /** An element that must hold an id is empty, or a collection item has no id. */
  | 'not-an-id'
  /** Not one of the languages `en`, `es`, `it`, `ge`, `fr`. */
  | 'not-a-language'
  /** Not an ISO 8601 date-time. */
  | 'not-a-timestamp'
  /** The element appears more than once. */
  | 'repeated'
  /** The element holds child elements where text belongs. */
  | 'not-text'
  /** A collection element holds text or foreign elements instead of its items. */
  | 'not-a-collection';

/** A field present in the body whose value could not be taken. `raw` is the text as sent ('' if none). */
export interface InvalidField {
  /** Wire name, e.g. 'planned_init_time'. */
  field: string;
  raw: string;
  problem: InvalidFieldProblem;
}

export interface DecodedInputReport {
  /** Wire names of fields of the resource that a request may not set (device: anything but alias/folder_id). */
  readOnlyFields: string[];
  /** Wire names the resource does not have at all. */
  unknownFields: string[];
  /** Present fields whose value could not be taken; such a field is left undefined in the decoded input. */
  invalid: InvalidField[];
}

/**
 * A folder request body. Collections are three-way: undefined = element absent (leave as is), [] = empty
 * element (unassign all), ids = listed (assign these).
 */
export interface FolderInputDecoded extends DecodedInputReport {
  /** undefined: absent. '': present but empty or nil (the service answers as for a missing name). */
  name?: string;
  /** undefined: absent. null: empty or nil element (root). */
  parentId?: Id | null;
  folders?: Id[];
  devices?: Id[];
}

export interface DeviceUpdateDecoded extends DecodedInputReport {
  /** undefined: absent. '': empty or nil element (clears the alias). */
  alias?: string;
  /** undefined: absent (the device keeps its folder). null: empty or nil element (unassign from any folder). */
  folderId?: Id | null;
}

/** A support session create or update body; the service applies its own required-field rules. */
export interface SessionInputDecoded extends DecodedInputReport {
  /** undefined: absent. '': present but blank (create answers 1301). */
  customer?: string;
  /** undefined: absent. '': present but blank. */
  customerMail?: string;
  /** undefined: absent (or invalid, see `invalid`). '': present but blank (create answers 1302). */
  language?: KnownLanguage | '';
  /** undefined: absent (or invalid). null: empty or nil element. */
  plannedInitTime?: Timestamp | null;
  plannedEndTime?: Timestamp | null;
}

const FOLDER_INPUT_FIELDS = ['name', 'parent_id', 'folders', 'devices'];
const FOLDER_READ_ONLY = ['id', 'date_creation'];
const DEVICE_INPUT_FIELDS = DEVICE_WRITABLE_XML;
const DEVICE_READ_ONLY = DEVICE_READ_ONLY_XML;
const SESSION_INPUT_FIELDS = [
  'customer',
  'customer_mail',
  'language',
  'planned_init_time',
  'planned_end_time',
];
const SESSION_READ_ONLY = ['id', 'code', 'state', 'init_time', 'end_time', 'note', 'user_id'];

// ---- Decoding ---------------------------------------------------------------------------------------

function readBody(xml: string, root: string, options?: DecodeOptions): XmlObject {
  const doc = parseDocument(xml, options?.maxBytes ?? ONE_MIB, [root]);
  if (isObject(doc.root)) return doc.root;
  if (doc.root === '') return {};
  throw new XmlError('invalid-value', `<${root}> holds text instead of fields.`, root);
}

function report(
  body: XmlObject,
  accepted: readonly string[],
  readOnly: readonly string[],
): DecodedInputReport {
  const names = childNames(body);
  return {
    readOnlyFields: names.filter((n) => readOnly.includes(n)),
    unknownFields: names.filter((n) => !accepted.includes(n) && !readOnly.includes(n)),
    invalid: [],
  };
}

/** Text of a present field: undefined when absent or invalid (then recorded), '' when empty or nil. */
function textField(body: XmlObject, field: string, out: DecodedInputReport): string | undefined {
  const value = leaf(child(body, field));
  switch (value.kind) {
    case 'absent':
      return undefined;
    case 'nil':
      return '';
    case 'text':
      return value.text;
    case 'invalid':
      out.invalid.push({ field, raw: value.raw, problem: value.problem });
      return undefined;
  }
}

/** An id field: undefined when absent, null when empty/nil ("none"). */
function idField(body: XmlObject, field: string, out: DecodedInputReport): Id | null | undefined {
  const value = textField(body, field, out);
  return value === undefined ? undefined : value === '' ? null : value;
}

function itemId(node: XmlNode): Id | undefined {
  if (typeof node === 'string') return node === '' ? undefined : node;
  if (!isObject(node)) return undefined;
  const id = leaf(child(node, 'id'));
  return id.kind === 'text' && id.text !== '' ? id.text : undefined;
}

/** A collection of ids, three-way: undefined (absent or invalid), [] (empty), ids (listed). */
function idCollection(
  body: XmlObject,
  field: string,
  itemName: string,
  out: DecodedInputReport,
): Id[] | undefined {
  let items: XmlNode[] | undefined;
  try {
    items = collection(child(body, field), itemName);
  } catch {
    const node = child(body, field);
    out.invalid.push({
      field,
      raw: typeof node === 'string' ? node : '',
      problem: Array.isArray(node) ? 'repeated' : 'not-a-collection',
    });
    return undefined;
  }
  if (items === undefined) return undefined;
  const ids: Id[] = [];
  for (const node of items) {
    const id = itemId(node);
    if (id === undefined) {
      out.invalid.push({ field, raw: typeof node === 'string' ? node : '', problem: 'not-an-id' });
      return undefined;
    }
    ids.push(id);
  }
  return ids;
}

function timestampField(
  body: XmlObject,
  field: string,
  out: DecodedInputReport,
): Timestamp | null | undefined {
  const raw = textField(body, field, out);
  if (raw === undefined) return undefined;
  if (raw === '') return null;
  const normalised = normaliseTimestamp(raw);
  // A schedule needs a time of day: a bare date is refused rather than guessed into a midnight.
  if (normalised === undefined || !normalised.includes('T')) {
    out.invalid.push({ field, raw, problem: 'not-a-timestamp' });
    return undefined;
  }
  return normalised;
}

export function decodeFolderInput(xml: string, options?: DecodeOptions): FolderInputDecoded {
  const body = readBody(xml, 'folder', options);
  const out: FolderInputDecoded = report(body, FOLDER_INPUT_FIELDS, FOLDER_READ_ONLY);
  const name = textField(body, 'name', out);
  if (name !== undefined) out.name = name;
  const parentId = idField(body, 'parent_id', out);
  if (parentId !== undefined) out.parentId = parentId;
  const folders = idCollection(body, 'folders', 'folder', out);
  if (folders !== undefined) out.folders = folders;
  const devices = idCollection(body, 'devices', 'device', out);
  if (devices !== undefined) out.devices = devices;
  return out;
}

export function decodeDeviceUpdate(xml: string, options?: DecodeOptions): DeviceUpdateDecoded {
  const body = readBody(xml, 'device', options);
  const out: DeviceUpdateDecoded = report(body, DEVICE_INPUT_FIELDS, DEVICE_READ_ONLY);
  const alias = textField(body, 'alias', out);
  if (alias !== undefined) out.alias = alias;
  const folderId = idField(body, 'folder_id', out);
  if (folderId !== undefined) out.folderId = folderId;
  return out;
}

export function decodeSessionInput(xml: string, options?: DecodeOptions): SessionInputDecoded {
  const body = readBody(xml, 'support_session', options);
  const out: SessionInputDecoded = report(body, SESSION_INPUT_FIELDS, SESSION_READ_ONLY);
  const customer = textField(body, 'customer', out);
  if (customer !== undefined) out.customer = customer;
  const customerMail = textField(body, 'customer_mail', out);
  if (customerMail !== undefined) out.customerMail = customerMail;
  const language = textField(body, 'language', out);
  if (language === '' || (language !== undefined && (LANGUAGES as readonly string[]).includes(language))) {
    out.language = language as KnownLanguage | '';
  } else if (language !== undefined) {
    out.invalid.push({ field: 'language', raw: language, problem: 'not-a-language' });
  }
  const plannedInitTime = timestampField(body, 'planned_init_time', out);
  if (plannedInitTime !== undefined) out.plannedInitTime = plannedInitTime;
  const plannedEndTime = timestampField(body, 'planned_end_time', out);
  if (plannedEndTime !== undefined) out.plannedEndTime = plannedEndTime;
  return out;
}

// ---- Encoding ---------------------------------------------------------------------------------------

function optional(name: string, value: string | null | undefined): string {
  if (value === undefined) return '';
  return element(name, value ?? '');
}

function idItems(root: string, itemName: string, ids: readonly Id[] | undefined): string {
  if (ids === undefined) return '';
  let inner = '';
  for (const id of ids) inner += `<${itemName}><id>${escapeXml(id)}</id></${itemName}>`;
  return container(root, inner);
}

export function encodeFolderInput(input: FolderInput): string {
  return document(
    '<folder>' +
      element('name', input.name) +
      optional('parent_id', input.parentId) +
      idItems('folders', 'folder', input.folders) +
      idItems('devices', 'device', input.devices) +
      '</folder>',
  );
}

export function encodeDeviceUpdate(update: DeviceUpdate): string {
  return document(
    container('device', optional('alias', update.alias) + optional('folder_id', update.folderId)),
  );
}

// A null planned end is written as `<planned_end_time/>`: on an update that clears it.
function sessionBody(s: SessionUpdate): string {
  return document(
    container(
      'support_session',
      optional('customer', s.customer) +
        optional('customer_mail', s.customerMail) +
        optional('language', s.language) +
        optional('planned_init_time', s.plannedInitTime) +
        optional('planned_end_time', s.plannedEndTime),
    ),
  );
}

export const encodeSessionCreate = (s: SessionCreate): string => sessionBody(s);
export const encodeSessionUpdate = (s: SessionUpdate): string => sessionBody(s);
