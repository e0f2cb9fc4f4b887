// An account's devices as their owner answers for them (AppCore.searchDevices, AppCore.matchView): a
// devices feed holding `devices`, in this thread unless a worker is asked for, so that what reads across
// accounts is tested against the owner's real answers.
import type { AccountCore } from '../../../electron/core/app-core.js';
import type { DevicesFeed } from '../../../electron/core/devices-feed.js';
import { createDevicesFeed } from '../../../electron/core/devices-poller.js';
import type { Device } from '../../../shared/model.js';

export type Owner = Pick<AccountCore, 'searchDevices' | 'matchView'> & { feed: DevicesFeed };

export function ownerOf(devices: readonly Device[], { worker = false } = {}): Owner {
  const feed = createDevicesFeed(worker ? {} : { worker: null });
  feed.replaceAll(devices);
  return {
    feed,
    searchDevices: (words) => feed.search(words),
    matchView: (query) => feed.matchView(query),
  };
}
