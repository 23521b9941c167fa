export declare const BUNDLE_INPUTS_FILE: string;
export declare const SERVER_BUNDLE_FILE: string;
export declare function inputsHash(root: string, files: string[]): string;
export declare function bundleState(root: string, scope?: "all" | "server"): "current" | "stale" | "missing";
