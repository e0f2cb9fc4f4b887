// A separate process driving the outbox against the running service, so a test can SIGKILL it at any
// moment: real journal on disk, real signed HTTP. With OUTBOX_ENQUEUE set it records moving the listed
// devices to OUTBOX_FOLDER first; without, it finishes what the journal holds (a restarted app).
// Prints one JSON line per settled write and "idle" when nothing is left to send.
import { readFileSync } from 'node:fs';
import { ServiceClient } from '../../../shared/client/service-client.js';
import { createRequestSigner } from '../../../shared/oauth/index.js';
import { nodeHmacSha1 } from '../../../electron/platform/node-crypto.js';
import { systemClock } from '../../../electron/core/clock.js';
import { Outbox } from '../../../electron/core/outbox/outbox.js';

const env = (name: string): string => {
  const value = process.env[name];
  if (value === undefined) throw new Error(`${name} not set`);
  return value;
};

const api = new ServiceClient({
  baseUrl: env('OUTBOX_BASE_URL'),
  consumer: { key: env('OUTBOX_CONSUMER_KEY'), secret: env('OUTBOX_CONSUMER_SECRET') },
  token: { token: env('OUTBOX_TOKEN'), secret: env('OUTBOX_TOKEN_SECRET') },
  signer: createRequestSigner({ hmacSha1: nodeHmacSha1 }),
});

let settled = 0;
const outbox = await Outbox.open({
  file: env('OUTBOX_FILE'),
  api: () => api,
  clock: systemClock,
  hooks: {
    onSettled: (entry, how) => {
      settled += 1;
      if (settled % 100 === 0) process.stdout.write(`${JSON.stringify({ settled, how, id: entry.id })}\n`);
    },
  },
});

if (process.env.OUTBOX_ENQUEUE) {
  const ids = JSON.parse(readFileSync(env('OUTBOX_ENQUEUE'), 'utf8')) as Array<{
    id: string;
    from: string | null;
  }>;
  const folderId = env('OUTBOX_FOLDER');
  await outbox.enqueue(
    ids.map(({ id, from }) => ({ write: { kind: 'device', id, folderId }, seen: { folderId: from } })),
    { label: 'Move to folder' },
  );
}
await outbox.idle();
const state = outbox.state();
process.stdout.write(`${JSON.stringify({ idle: true, pending: state.pending, waiting: state.waiting })}\n`);
await outbox.close();
