// Text limits of the contract's schemas (schemas.ts), where the spec says "not shown": generous for real
// data, finite against a compromised renderer. The renderer's inputs carry the same numbers (maxLength),
// so a technician cannot type what the main side would refuse.

/** A name, an alias, a customer. */
export const MAX_NAME = 255;
/** An e-mail address (RFC 5321's path limit). */
export const MAX_EMAIL = 254;
