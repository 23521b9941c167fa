/** [package specifier, absolute path of its TypeScript source] for each entry point of the engine package. */
export declare const ENGINE_ENTRY_POINTS: [string, string][];
/** Vite `resolve.alias` entries: each specifier, exactly, to its source. */
export declare const ENGINE_SOURCES: { find: RegExp; replacement: string }[];
