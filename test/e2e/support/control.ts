// The stand-in service's control API (service/README.md), over HTTP as any test tool would use it: what the
// service holds (summary, outbox) and the situations it can be pushed into (clock, session transitions).

export interface ControlSummary {
  now: string;
  users: number;
  folders: number;
  devices: { total: number; unassigned: number; online: number; offline: number; busy: number };
  sessions: { total: number; planned: number; ongoing: number; finished: number };
  outbox: number;
}

export interface OutboxMessage {
  to: string;
  subject: string;
  body: string;
  language: string;
  sessionId: string;
  code: string;
  sentAt: string;
}

export class ControlClient {
  constructor(
    readonly baseUrl: string,
    readonly token: string,
  ) {}

  async #call<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.baseUrl}/_control/${path}`, {
      method,
      headers: {
        'X-Control-Token': this.token,
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`control ${method} ${path} answered ${response.status}: ${text}`);
    return JSON.parse(text) as T;
  }

  summary(): Promise<ControlSummary> {
    return this.#call('GET', 'summary');
  }

  async outbox(): Promise<OutboxMessage[]> {
    return (await this.#call<{ messages: OutboxMessage[] }>('GET', 'outbox')).messages;
  }

  /** Moves the service clock forward; the simulator ticks once (sessions start and finish as scheduled). */
  advanceClock(ms: number): Promise<{ now: string }> {
    return this.#call('POST', 'clock/advance', { ms });
  }

  /** Forces a device's status, as if the device had just reported it. */
  setDeviceStatus(id: string, status: 'online' | 'offline' | 'busy'): Promise<unknown> {
    return this.#call('POST', `devices/${encodeURIComponent(id)}/status`, { status });
  }
}
