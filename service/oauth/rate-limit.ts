// Request tokens per application (consumer key): a token bucket. The consumer secret ships inside every
// desktop app, so anyone can sign request-token requests; without a limit each one is a record kept ten
// minutes (and written to the state file). A burst covers a room of technicians signing in at once.

export interface RateLimit {
  /** Requests allowed at once. */
  burst: number;
  /** Sustained requests per minute. */
  perMinute: number;
}

export const DEFAULT_REQUEST_TOKEN_LIMIT: RateLimit = { burst: 30, perMinute: 30 };

interface Bucket {
  tokens: number;
  at: number;
}

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(private readonly limit: RateLimit) {}

  /** Takes one; 0 when allowed, else the seconds to wait until one is available. */
  take(key: string, nowMs: number): number {
    const ratePerMs = this.limit.perMinute / 60_000;
    const bucket = this.buckets.get(key) ?? { tokens: this.limit.burst, at: nowMs };
    bucket.tokens = Math.min(this.limit.burst, bucket.tokens + Math.max(0, nowMs - bucket.at) * ratePerMs);
    bucket.at = nowMs;
    this.buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.ceil((1 - bucket.tokens) / ratePerMs / 1000);
  }
}
