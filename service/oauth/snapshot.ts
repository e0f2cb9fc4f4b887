// What the provider keeps, and its persisted form. Nonces are kept apart (service/nonce-file.ts): they
// change with every signed request, the rest only when a token is issued or revoked.
import * as z from 'zod';

export interface ConsumerRecord {
  key: string;
  secret: string;
  /** Shown to the user on the authorize page. */
  name: string;
}

export interface RequestTokenRecord {
  token: string;
  secret: string;
  consumerKey: string;
  /** `oob` or the absolute URL to redirect to after approval. */
  callback: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
  /** Set when the user approved. */
  userId?: string;
  verifier?: string;
  failedVerifiers: number;
  failedPasswords: number;
  /** Exchanged for an access token: the verifier cannot be used again. */
  used: boolean;
}

export interface AccessTokenRecord {
  token: string;
  secret: string;
  consumerKey: string;
  userId: string;
  /** ISO 8601. */
  createdAt: string;
  /** Valid until revoked (spec §5); revoked ones are kept so a client hears token_revoked, not token_rejected. */
  revoked: boolean;
}

export interface ProviderSnapshot {
  version: 1;
  consumers: ConsumerRecord[];
  requestTokens: RequestTokenRecord[];
  accessTokens: AccessTokenRecord[];
}

const text = z.string().min(1);

const snapshotSchema = z.object({
  version: z.literal(1),
  consumers: z.array(z.object({ key: text, secret: z.string(), name: text })),
  requestTokens: z.array(
    z.object({
      token: text,
      secret: text,
      consumerKey: text,
      callback: text,
      expiresAt: z.number(),
      userId: text.optional(),
      verifier: text.optional(),
      failedVerifiers: z.number().int().min(0),
      failedPasswords: z.number().int().min(0),
      used: z.boolean(),
    }),
  ),
  accessTokens: z.array(
    z.object({
      token: text,
      secret: text,
      consumerKey: text,
      userId: text,
      createdAt: text,
      revoked: z.boolean(),
    }),
  ),
});

/** Validates persisted provider state; throws an Error naming the first bad field (never its value). */
export function parseSnapshot(data: unknown): ProviderSnapshot {
  const result = snapshotSchema.safeParse(data);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(`The saved OAuth state is not valid (at ${issue?.path.join('.') || 'the top level'}).`);
  }
  return result.data;
}
