// The operations of spec §4 over the account store: decode the request with the shared XML codec, apply
// the URI-over-body rule, call the store, encode the answer.
import { DEVICE_READ_ONLY_XML } from '../../shared/device-fields.js';
import type { User } from '../../shared/model.js';
import {
  decodeDeviceUpdate,
  decodeFolderInput,
  decodeSessionInput,
  encodeDevice,
  encodeFolder,
  encodeFolders,
  encodeSupportSession,
  encodeSupportSessions,
  encodeUser,
  encodeUsers,
  type DecodedInputReport,
} from '../../shared/xml/index.js';
import type { AccountStore, SessionCommand } from '../domain/account-store.js';
import { serviceError, uncodedError } from '../domain/errors.js';
import type { DeviceListCache } from './device-list-cache.js';
import { emptyOk, xmlResponse, type HttpResponse } from './responses.js';
import type { Operation, RouteParams } from './routes.js';
import type { UriQuery } from './uri-fields.js';

export interface ResourceContext {
  store: AccountStore;
  devicesCache: DeviceListCache;
  baseUrl: string;
  user: User;
  params: RouteParams;
  /** The query string: its fields take priority over the body's (spec §4). */
  query: UriQuery;
  /** The request body (POST/PUT only). */
  body: string;
  maxBodyBytes: number;
}

const FOLDER_READ_ONLY = ['id', 'date_creation'];
const DEVICE_READ_ONLY = DEVICE_READ_ONLY_XML;
const SESSION_READ_ONLY = ['id', 'code', 'state', 'init_time', 'end_time', 'note', 'user_id'];

const repeatedFolderField = (name: string): Error =>
  uncodedError(422, `The value of ${name} is not valid (repeated)`, name);
const repeatedDeviceField = repeatedFolderField;
const repeatedSessionField = (name: string): Error =>
  serviceError(1002, `Parameter not valid: ${name} is given more than once`, name);

/**
 * A field the operation does not take (unknown to the resource, or read-only like a folder's id) is refused
 * rather than dropped: the caller meant something by it and would otherwise believe it was applied.
 */
function refuseUnknownFields(report: DecodedInputReport, root: string, accepted: readonly string[]): void {
  const refused = [...report.unknownFields, ...report.readOnlyFields];
  if (refused.length === 0) return;
  const list = [...new Set(refused)].map((name) => `<${name}>`).join(', ');
  throw uncodedError(
    422,
    `Field${refused.length > 1 ? 's' : ''} not accepted in <${root}>: ${list}. Accepted: ${accepted.join(', ')}.`,
    refused[0],
  );
}

const FOLDER_FIELDS = ['name', 'parent_id', 'folders', 'devices'];
const SESSION_FIELDS = ['customer', 'customer_mail', 'language', 'planned_init_time', 'planned_end_time'];

function refuseInvalidValues(report: DecodedInputReport, query: UriQuery): void {
  const first = report.invalid.find((field) => !query.has(field.field));
  if (first)
    throw uncodedError(422, `The value of ${first.field} is not valid (${first.problem})`, first.field);
}

function sessionCommand(
  report: ReturnType<typeof decodeSessionInput>,
  query: UriQuery,
  update: boolean,
): SessionCommand {
  // A body value the URI replaces does not matter, valid or not.
  const invalid = report.invalid.find((field) => !query.has(field.field));
  if (invalid) {
    const what =
      invalid.problem === 'not-a-language'
        ? 'is not one of en, es, it, ge, fr'
        : `is not valid (${invalid.problem})`;
    throw serviceError(1002, `Parameter not valid: ${invalid.field} ${what}`, invalid.field);
  }
  const command: SessionCommand = {};
  if (report.customer !== undefined) command.customer = report.customer;
  if (report.customerMail !== undefined) command.customerMail = report.customerMail;
  if (report.language !== undefined) command.language = report.language;
  if (report.plannedInitTime !== undefined) command.plannedInitTime = report.plannedInitTime;
  if (report.plannedEndTime !== undefined) command.plannedEndTime = report.plannedEndTime;
  // The URI's values win (spec §4); the store validates them as it does the body's.
  const fromUri: Array<[keyof SessionCommand & string, string]> = [
    ['customer', 'customer'],
    ['customerMail', 'customer_mail'],
    ['language', 'language'],
    ['plannedInitTime', 'planned_init_time'],
    ['plannedEndTime', 'planned_end_time'],
  ];
  for (const [key, wire] of fromUri) {
    const value = query.text(wire, repeatedSessionField);
    if (value !== undefined) (command as Record<string, string | null>)[key] = value;
  }
  // Update refuses fields that are not its arguments with the code the spec gives it (1002, §4.2); create
  // has no code for them and refused them before this (422).
  if (update)
    command.invalidFields = [
      ...report.readOnlyFields,
      ...report.unknownFields,
      ...query.present(SESSION_READ_ONLY),
    ];
  return command;
}

export function handleResource(operation: Operation, ctx: ResourceContext): HttpResponse {
  const { store, params, query } = ctx;
  const id = params.id as string;
  const decodeOptions = { maxBytes: ctx.maxBodyBytes };
  switch (operation) {
    case 'folders.list': {
      const parent = params.parentId ?? query.id('parent_id', repeatedFolderField) ?? undefined;
      return xmlResponse(200, encodeFolders(store.listFolders(parent)));
    }
    case 'folders.show':
      return xmlResponse(200, encodeFolder(store.getFolder(id)));
    case 'folders.create':
    case 'folders.update': {
      const input = decodeFolderInput(ctx.body, decodeOptions);
      input.readOnlyFields.push(...query.present(FOLDER_READ_ONLY));
      refuseUnknownFields(input, 'folder', FOLDER_FIELDS);
      refuseInvalidValues(input, query);
      // Every field given in the URI wins over the body's (spec §4); the path's parent over the query's.
      const name = query.text('name', repeatedFolderField) ?? input.name;
      const folders = query.ids('folders') ?? input.folders;
      const devices = query.ids('devices') ?? input.devices;
      const uriParent = params.parentId ?? query.id('parent_id', repeatedFolderField);
      const command = {
        ...(name !== undefined ? { name } : {}),
        ...(folders !== undefined ? { folders } : {}),
        ...(devices !== undefined ? { devices } : {}),
        ...(uriParent !== undefined
          ? { parentId: uriParent }
          : input.parentId !== undefined
            ? { parentId: input.parentId }
            : {}),
      };
      if (operation === 'folders.update') {
        store.updateFolder(id, command);
        return emptyOk();
      }
      const created = store.createFolder(ctx.user, command);
      return xmlResponse(201, encodeFolder(store.getFolder(created.id)), {
        Location: `${ctx.baseUrl}/folders/${created.id}`,
      });
    }
    case 'folders.destroy':
      store.deleteFolder(id);
      return emptyOk();
    case 'devices.list': {
      const folder = params.folderId ?? query.id('folder_id', repeatedDeviceField) ?? undefined;
      if (folder === undefined) return xmlResponse(200, ctx.devicesCache.encodeAll(store.listDevices()));
      return xmlResponse(200, ctx.devicesCache.encodeList(store.listDevices(folder)));
    }
    case 'devices.show':
      return xmlResponse(200, encodeDevice(store.getDevice(id)));
    case 'devices.update': {
      store.getDevice(id); // 1000 before anything about the body
      const input = decodeDeviceUpdate(ctx.body, decodeOptions);
      const readOnly = [...input.readOnlyFields, ...input.unknownFields, ...query.present(DEVICE_READ_ONLY)];
      if (readOnly.length > 0) {
        throw serviceError(
          1001,
          `Read-only parameter: ${readOnly.join(', ')} (only alias and folder_id can be changed)`,
          readOnly[0],
        );
      }
      refuseInvalidValues(input, query);
      const uriFolder = params.folderId ?? query.id('folder_id', repeatedDeviceField);
      const alias = query.text('alias', repeatedDeviceField) ?? input.alias;
      store.updateDevice(id, {
        ...(alias !== undefined ? { alias } : {}),
        ...(uriFolder !== undefined
          ? { folderId: uriFolder }
          : input.folderId !== undefined
            ? { folderId: input.folderId }
            : {}),
      });
      return emptyOk();
    }
    case 'sessions.list':
      return xmlResponse(200, encodeSupportSessions(store.listSessions()));
    case 'sessions.show':
      return xmlResponse(200, encodeSupportSession(store.getSession(id)));
    case 'sessions.create': {
      const input = decodeSessionInput(ctx.body, decodeOptions);
      input.readOnlyFields.push(...query.present(SESSION_READ_ONLY));
      refuseUnknownFields(input, 'support_session', SESSION_FIELDS);
      const created = store.createSession(ctx.user, sessionCommand(input, query, false));
      return xmlResponse(201, encodeSupportSession(created), {
        Location: `${ctx.baseUrl}/support_sessions/${created.id}.xml`,
      });
    }
    case 'sessions.update': {
      store.getSession(id); // 1300 before anything about the body
      store.updateSession(id, sessionCommand(decodeSessionInput(ctx.body, decodeOptions), query, true));
      return emptyOk();
    }
    case 'sessions.destroy':
      store.deleteSession(id);
      return emptyOk();
    case 'users.list':
      return xmlResponse(200, encodeUsers(store.listUsers()));
    case 'users.show':
      return xmlResponse(200, encodeUser(store.getUser(id)));
    case 'users.current':
      return xmlResponse(200, encodeUser(ctx.user));
  }
}
