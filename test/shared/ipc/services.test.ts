// The services are the channel table read another way: every channel is one method of one service, and
// the method name leads back to that channel and no other (the renderer's proxy relies on it).
import { describe, expect, it } from 'vitest';
import { INVOKE_CHANNELS } from '../../../shared/ipc/schemas.js';
import { channelOf, NOT_METHODS, SERVICES, type ServiceName } from '../../../shared/ipc/services.js';

function methodsOf(service: ServiceName): Map<string, string> {
  const found = new Map<string, string>();
  for (const channel of INVOKE_CHANNELS) {
    const [prefix, rest] = channel.split(':') as [string, string];
    if (!(SERVICES[service] as readonly string[]).includes(prefix)) continue;
    const kebab = prefix === service ? rest : `${prefix}-${rest}`;
    found.set(
      kebab.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()),
      channel,
    );
  }
  return found;
}

describe('services', () => {
  it('give every channel exactly one service', () => {
    for (const channel of INVOKE_CHANNELS) {
      const prefix = channel.split(':')[0]!;
      const owners = Object.entries(SERVICES).filter(([, prefixes]) =>
        (prefixes as readonly string[]).includes(prefix),
      );
      expect(
        owners.map(([name]) => name),
        channel,
      ).toHaveLength(1);
    }
  });

  it('lead each method back to its own channel', () => {
    let methods = 0;
    for (const service of Object.keys(SERVICES) as ServiceName[]) {
      for (const [method, channel] of methodsOf(service)) {
        expect(channelOf(service, method), `${service}.${method}`).toBe(channel);
        expect(NOT_METHODS.has(method), `${service}.${method}`).toBe(false);
        methods += 1;
      }
    }
    expect(methods).toBe(INVOKE_CHANNELS.length);
    expect(channelOf('outbox', 'bulkStart')).toBe('bulk:start');
    expect(channelOf('devices', 'setAlias')).toBe('devices:set-alias');
    expect(channelOf('app', 'shellOpenExternal')).toBe('shell:open-external');
  });

  it('answer null for a name that is no method, so a service is never mistaken for a promise', () => {
    expect(channelOf('devices', 'then')).toBeNull();
    expect(channelOf('devices', 'toJSON')).toBeNull();
    expect(channelOf('status', 'summary')).toBeNull(); // no status: prefix
    expect(channelOf('devices', 'set-alias')).toBeNull();
    // Well-formed but not in the table: sent, and refused by the main side as an unknown request.
    expect(channelOf('devices', 'rename')).toBe('devices:rename');
  });
});
