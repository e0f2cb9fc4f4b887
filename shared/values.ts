// The words a resource's values are written in: ids, instants, enums the client may not know, and the
// two enums a device's own fields use. Below both model.ts and device-fields.ts (which derives the Device
// type), so neither needs the other to say what an id or a device status is.
// Plain data and functions, for every layer.

export type Id = string;
/** ISO 8601, UTC ("2026-11-21T09:30:00Z"), or a bare date ("2026-11-21") where the server sent one. */
export type Timestamp = string;

/** An enum value the client does not know, kept verbatim. */
export interface UnknownEnum {
  readonly unknown: string;
}
export type OrUnknown<T extends string> = T | UnknownEnum;

export const DEVICE_STATUSES = ['offline', 'online', 'busy'] as const;
export type KnownDeviceStatus = (typeof DEVICE_STATUSES)[number];
export type DeviceStatus = OrUnknown<KnownDeviceStatus>;

export const DEVICE_OSES = [
  'Windows XP',
  'Windows Vista',
  'Windows 7',
  'Windows Server 2008',
  'Windows Server 2003',
  'Windows NT',
  'Linux',
  'Mac OS X 10.5',
  'Mac OS X 10.6',
] as const;
export type KnownDeviceOs = (typeof DEVICE_OSES)[number];
export type DeviceOs = OrUnknown<KnownDeviceOs>;

// ---- Helpers every layer needs --------------------------------------------------------------------

export function isUnknownEnum(value: unknown): value is UnknownEnum {
  return typeof value === 'object' && value !== null && typeof (value as UnknownEnum).unknown === 'string';
}

/** The raw wire value of an enum, known or not. */
export function enumValue<T extends string>(value: OrUnknown<T>): string {
  return isUnknownEnum(value) ? value.unknown : value;
}

/** Maps a wire string onto a known enum value, or keeps it as unknown. */
export function toEnum<T extends string>(known: readonly T[], raw: string): OrUnknown<T> {
  return (known as readonly string[]).includes(raw) ? (raw as T) : { unknown: raw };
}
