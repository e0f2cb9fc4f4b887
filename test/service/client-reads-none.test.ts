// The service leaves `folder_id` (an unassigned device) and `parent_id` (a top-level folder) out; the
// interface shows no empty form, but a server of its era may send `<folder_id/>`, `<folder_id></folder_id>`,
// whitespace or nil="true". The client must read every one of them, and the absent element, as "none" —
// through the single-resource reader and the streaming list reader alike.
import { describe, expect, it } from 'vitest';
import { decodeDevice, decodeDevices, decodeFolder, decodeFolders } from '../../shared/xml/index.js';

const FORMS = {
  absent: '',
  'self-closing': '<X/>',
  'open-close': '<X></X>',
  whitespace: '<X>  \n </X>',
  nil: '<X nil="true"/>',
} as const;

describe('absent and empty folder_id / parent_id both read as none', () => {
  for (const [form, template] of Object.entries(FORMS)) {
    it(`${form}`, () => {
      const folderId = template.replace(/X/g, 'folder_id');
      const parentId = template.replace(/X/g, 'parent_id');
      const device = `<device><id>7</id><name>PC</name>${folderId}</device>`;
      const folder = `<folder><id>3</id><name>Top</name>${parentId}</folder>`;
      expect(decodeDevice(device).folderId).toBeNull();
      expect(
        decodeDevices(`<devices>${device}${device.replace('<id>7', '<id>8')}</devices>`).map(
          (d) => d.folderId,
        ),
      ).toEqual([null, null]);
      expect(decodeFolder(folder).parentId).toBeNull();
      expect(decodeFolders(`<folders>${folder}</folders>`).map((f) => f.parentId)).toEqual([null]);
    });
  }

  it('a present id is read as that id (the test can tell none from an id)', () => {
    expect(decodeDevice('<device><id>7</id><folder_id>12</folder_id></device>').folderId).toBe('12');
    expect(
      decodeFolders('<folders><folder><id>3</id><name>A</name><parent_id>1</parent_id></folder></folders>')[0]
        ?.parentId,
    ).toBe('1');
  });
});
