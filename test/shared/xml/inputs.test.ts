import { describe, expect, it } from 'vitest';
import {
  decodeDeviceUpdate,
  decodeErrorBody,
  decodeFolderInput,
  decodeSessionInput,
  encodeDeviceUpdate,
  encodeErrorBody,
  encodeFolderInput,
  encodeSessionCreate,
  encodeSessionUpdate,
} from '../../../shared/xml/index.js';

describe('folder request bodies', () => {
  it('carries the three meanings of a collection through encode and decode', () => {
    const absent = decodeFolderInput(encodeFolderInput({ name: 'A' }));
    expect(absent.folders).toBeUndefined();
    expect(absent.devices).toBeUndefined();
    expect('folders' in absent).toBe(false);

    const emptied = decodeFolderInput(encodeFolderInput({ name: 'A', folders: [], devices: [] }));
    expect(emptied.folders).toEqual([]);
    expect(emptied.devices).toEqual([]);

    const listed = decodeFolderInput(encodeFolderInput({ name: 'A', folders: ['007'], devices: ['1', '2'] }));
    expect(listed.folders).toEqual(['007']);
    expect(listed.devices).toEqual(['1', '2']);
  });

  it('writes items with only their id and an empty collection as an empty element', () => {
    const xml = encodeFolderInput({ name: 'R&D <lab>', parentId: '3', folders: [], devices: ['5'] });
    expect(xml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><folder><name>R&amp;D &lt;lab&gt;</name><parent_id>3</parent_id>' +
        '<folders/><devices><device><id>5</id></device></devices></folder>',
    );
  });

  it('tells a root parent (empty element) from an absent one', () => {
    expect(decodeFolderInput(encodeFolderInput({ name: 'A', parentId: null })).parentId).toBeNull();
    expect(decodeFolderInput(encodeFolderInput({ name: 'A' })).parentId).toBeUndefined();
  });

  it('reports read-only, unknown and invalid fields instead of throwing', () => {
    const decoded = decodeFolderInput(
      '<folder><id>9</id><name></name><colour>red</colour><devices>oops</devices>' +
        '<folders><folder><name>no id</name></folder></folders></folder>',
    );
    expect(decoded.name).toBe('');
    expect(decoded.readOnlyFields).toEqual(['id']);
    expect(decoded.unknownFields).toEqual(['colour']);
    expect(decoded.invalid).toEqual([
      { field: 'folders', raw: '', problem: 'not-an-id' },
      { field: 'devices', raw: 'oops', problem: 'not-a-collection' },
    ]);
    expect(decoded.devices).toBeUndefined();
    expect(decoded.folders).toBeUndefined();
  });

  it('accepts Rails-style collection attributes and bare item ids', () => {
    const decoded = decodeFolderInput(
      '<folder><name>A</name><devices type="array"><device>4</device><device><id>5</id></device></devices>' +
        '<folders type="array"></folders></folder>',
    );
    expect(decoded.devices).toEqual(['4', '5']);
    expect(decoded.folders).toEqual([]);
  });
});

describe('device update bodies', () => {
  it('distinguishes keep (absent) from unassign (empty folder_id)', () => {
    expect(encodeDeviceUpdate({ folderId: null })).toContain('<device><folder_id/></device>');
    expect(decodeDeviceUpdate(encodeDeviceUpdate({ folderId: null }))).toMatchObject({ folderId: null });
    const kept = decodeDeviceUpdate(encodeDeviceUpdate({ alias: 'Reception' }));
    expect(kept.alias).toBe('Reception');
    expect('folderId' in kept).toBe(false);
    expect(decodeDeviceUpdate(encodeDeviceUpdate({ alias: '', folderId: '007' }))).toMatchObject({
      alias: '',
      folderId: '007',
    });
    expect(encodeDeviceUpdate({})).toContain('<device/>');
  });

  it('names every read-only field sent, so the service can answer 1001', () => {
    const decoded = decodeDeviceUpdate(
      '<device><alias>x</alias><name>PC</name><status>online</status><x/></device>',
    );
    expect(decoded.readOnlyFields).toEqual(['name', 'status']);
    expect(decoded.unknownFields).toEqual(['x']);
  });
});

describe('support session bodies', () => {
  it('round-trips a create body and leaves absent fields out', () => {
    const xml = encodeSessionCreate({ customer: 'ACME & Sons', language: 'ge' });
    expect(xml).not.toContain('planned');
    expect(decodeSessionInput(xml)).toEqual({
      customer: 'ACME & Sons',
      language: 'ge',
      readOnlyFields: [],
      unknownFields: [],
      invalid: [],
    });
    const full = {
      customer: 'C',
      customerMail: 'c@example.com',
      language: 'fr' as const,
      plannedInitTime: '2026-11-21T09:30:00Z',
      plannedEndTime: '2026-11-21T10:00:00Z',
    };
    expect(decodeSessionInput(encodeSessionUpdate(full))).toMatchObject(full);
  });

  it('writes a null planned end as an empty element (clear) and leaves an undefined one out (unchanged)', () => {
    const cleared = encodeSessionUpdate({ customer: 'C', plannedEndTime: null });
    expect(cleared).toContain('<planned_end_time/>');
    const decoded = decodeSessionInput(cleared);
    expect(decoded.plannedEndTime).toBeNull();
    expect(decoded.invalid).toEqual([]);

    const unchanged = encodeSessionUpdate({ customer: 'C', plannedEndTime: undefined });
    expect(unchanged).not.toContain('planned_end_time');
    expect('plannedEndTime' in decodeSessionInput(unchanged)).toBe(false);
  });

  it('reports blank, invalid and read-only values with the raw text', () => {
    const decoded = decodeSessionInput(
      '<support_session><customer/><language>de</language><planned_init_time>tomorrow</planned_init_time>' +
        '<planned_end_time>2026-11-21T10:00:00+01:00</planned_end_time><state>finished</state></support_session>',
    );
    expect(decoded.customer).toBe('');
    expect(decoded.language).toBeUndefined();
    expect(decoded.plannedEndTime).toBe('2026-11-21T09:00:00Z');
    expect(decoded.readOnlyFields).toEqual(['state']);
    expect(decoded.invalid).toEqual([
      { field: 'language', raw: 'de', problem: 'not-a-language' },
      { field: 'planned_init_time', raw: 'tomorrow', problem: 'not-a-timestamp' },
    ]);
    expect(decodeSessionInput('<support_session><language/></support_session>').language).toBe('');
  });
});

describe('error bodies', () => {
  it('writes the errors/error/code/message shape and reads it back', () => {
    const xml = encodeErrorBody({ code: 1101, message: 'Name <taken> & used' });
    expect(xml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><errors><error><code>1101</code>' +
        '<message>Name &lt;taken&gt; &amp; used</message></error></errors>',
    );
    expect(decodeErrorBody(xml)).toEqual({ code: 1101, message: 'Name <taken> & used' });
    expect(decodeErrorBody(encodeErrorBody({ message: 'Only' }))).toEqual({ message: 'Only' });
  });

  it.each<[string, string, ReturnType<typeof decodeErrorBody>]>([
    [
      'single error',
      '<error><code>1300</code><message>not found</message></error>',
      { code: 1300, message: 'not found' },
    ],
    ['code only', '<errors><error>1103</error></errors>', { code: 1103 }],
    ['code attribute', '<error code="1001">read only</error>', { code: 1001, message: 'read only' }],
    ['bare code', ' 1100\n', { code: 1100 }],
    [
      'Rails validation messages',
      '<?xml version="1.0"?><errors><error>Name has already been taken</error><error>Name is too long</error></errors>',
      { message: 'Name has already been taken; Name is too long' },
    ],
    [
      'OAuth problem form',
      'oauth_problem=timestamp_refused&oauth_problem_advice=Check%20your%20clock',
      { problem: 'timestamp_refused', message: 'Check your clock' },
    ],
    ['plain text', 'Forbidden', { message: 'Forbidden' }],
    ['HTML page', '<html><body><h1>502</h1></body></html>', null],
    ['hostile XML', '<!DOCTYPE e [<!ENTITY x "y">]><error>&x;</error>', null],
    ['empty', '', null],
  ])('%s', (_name, body, expected) => {
    expect(decodeErrorBody(body)).toEqual(expected);
  });
});
