// Text limits of the contract's schemas (schemas.ts), where the spec says "not shown": generous for real
// data, finite against a compromised renderer. The renderer's inputs carry the same numbers (maxLength),
// so a technician cannot type what the main side would refuse.

/** A name, an alias, a customer. */
export const MAX_NAME = 255;
/** An account's own name in this console (a customer's name, shown in the tray and on notices). */
export const MAX_ACCOUNT_NAME = 80;
/** A saved view's name (the views list, its file and the name input). */
export const MAX_VIEW_NAME = 120;
/** A search as typed: a view's own search and a search condition (renderer/domain/saved-view.ts). */
export const MAX_SEARCH = 1000;
/** Rows per account a saved view spanning accounts fetches of the accounts not on screen. */
export const VIEW_MATCHES_MAX = 500;
/** The columns those rows can be ordered by in main (the rows' own fields). */
export const VIEW_MATCH_SORT_KEYS = ['name', 'ip', 'os', 'status'] as const;
/** An e-mail address (RFC 5321's path limit). */
export const MAX_EMAIL = 254;
