export declare const PRELOAD_SOURCE: string;
export declare const PRELOAD_OUTPUT: string;
/** Resolves to the bundle's text; writes it to PRELOAD_OUTPUT unless `write` is false. */
export declare function bundlePreload(options?: { write?: boolean }): Promise<string | null>;
