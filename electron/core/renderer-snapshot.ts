// The snapshot a renderer starts from (a window opened or reloaded, another account shown): the core's
// state with the devices' first part as their owner lists them. The other parts follow as data:change
// through the pump (a 100,000-device snapshot serialised at once is a stall of hundreds of milliseconds on
// the main thread; see change-pump.ts). A renderer holds events until its snapshot has landed, so they
// apply on top of it, and the owner sends no commit's part amid a listing.

import type { AppSnapshot, DataChange } from '../../shared/ipc/contract.js';
import type { Device, Timestamp } from '../../shared/model.js';
import type { CoreState } from '../core-port.js';
import type { DevicesFeed } from './devices-feed.js';
import type { Logger } from './logger.js';

/** The state with the devices: a snapshot. */
export const withDevices = (state: CoreState, devices: Device[]): AppSnapshot => ({
  ...state,
  data: { ...state.data, devices },
});

export function listedSnapshot(
  state: CoreState,
  o: {
    devices: Pick<DevicesFeed, 'list'>;
    /** The devices' time, said by every part after the first. */
    fetchedAt: Timestamp | null;
    send(change: DataChange): void;
    logger: Logger;
  },
): Promise<AppSnapshot> {
  return new Promise((resolve) => {
    let first = true;
    o.devices
      .list((part) => {
        // The first screen goes in the snapshot; the rest as the owner serialised them.
        if (first) resolve(withDevices(state, part.devices().added));
        else o.send(part.change(false, o.fetchedAt));
        first = false;
      })
      .then(
        () => resolve(withDevices(state, [])), // no part came: none held (a settled promise ignores this)
        (error: unknown) => {
          // A worker lost meanwhile: its replacement's first poll is whole and sends every device.
          o.logger.warn('the devices were not listed for a window', { error });
          resolve(withDevices(state, []));
        },
      );
  });
}
