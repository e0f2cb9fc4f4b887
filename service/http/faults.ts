// Faults injected through the control API for the next N matching requests: how tests and the demo show
// what the app does when the service is slow, fails, drops the connection or answers garbage.

export type FaultKind = 'delay' | 'error' | 'reset' | 'malformed';

export interface FaultRule {
  kind: FaultKind;
  /** Requests to affect. */
  count: number;
  /** Only this method (any when absent). */
  method?: string;
  /** Only paths starting with this (any when absent), e.g. "/devices". */
  pathPrefix?: string;
  /** For 'delay': how long to hold the request before handling it (ms). */
  delayMs?: number;
}

const KINDS: readonly FaultKind[] = ['delay', 'error', 'reset', 'malformed'];
const MAX_DELAY_MS = 120_000;

/** Validates a rule from the control API; a message for what is wrong, or the rule. */
export function parseFaultRule(input: unknown): FaultRule | string {
  if (typeof input !== 'object' || input === null) return 'Send a JSON object';
  const o = input as Record<string, unknown>;
  if (typeof o.kind !== 'string' || !KINDS.includes(o.kind as FaultKind))
    return `kind must be one of ${KINDS.join(', ')}`;
  const count = o.count === undefined ? 1 : o.count;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > 10_000)
    return 'count must be an integer 1-10000';
  const rule: FaultRule = { kind: o.kind as FaultKind, count };
  if (o.method !== undefined) {
    if (typeof o.method !== 'string') return 'method must be a string';
    rule.method = o.method.toUpperCase();
  }
  if (o.pathPrefix !== undefined) {
    if (typeof o.pathPrefix !== 'string' || !o.pathPrefix.startsWith('/'))
      return 'pathPrefix must start with /';
    rule.pathPrefix = o.pathPrefix;
  }
  if (rule.kind === 'delay') {
    const delay = o.delayMs;
    if (typeof delay !== 'number' || !Number.isFinite(delay) || delay < 0 || delay > MAX_DELAY_MS) {
      return `delayMs must be 0-${MAX_DELAY_MS}`;
    }
    rule.delayMs = delay;
  }
  return rule;
}

export class FaultInjector {
  private rules: FaultRule[] = [];

  add(rule: FaultRule): void {
    this.rules.push({ ...rule });
  }

  clear(): void {
    this.rules = [];
  }

  pending(): readonly FaultRule[] {
    return this.rules;
  }

  /** The fault for this request, if one matches; it is used up. */
  take(method: string, pathname: string): FaultRule | null {
    const index = this.rules.findIndex(
      (r) =>
        (r.method === undefined || r.method === method) &&
        (r.pathPrefix === undefined || pathname.startsWith(r.pathPrefix)),
    );
    if (index < 0) return null;
    const rule = this.rules[index] as FaultRule;
    rule.count--;
    if (rule.count <= 0) this.rules.splice(index, 1);
    return rule;
  }
}
