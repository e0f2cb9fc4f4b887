// Drag-and-drop payloads between the device table and the folder tree (HTML5 DnD, same window only).

import type { Id } from '../../shared/model.js';

export const DEVICE_DRAG_TYPE = 'application/x-support-console-devices';
export const FOLDER_DRAG_TYPE = 'application/x-support-console-folder';

export function hasType(e: React.DragEvent, type: string): boolean {
  return Array.from(e.dataTransfer.types).includes(type);
}

export function readIds(e: React.DragEvent): Id[] {
  try {
    const parsed: unknown = JSON.parse(e.dataTransfer.getData(DEVICE_DRAG_TYPE));
    return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}
