export declare const ROOT: string;
export declare const SERVER_BUNDLE: string;
export declare const NODE_FLAGS: string[];
export declare const SERVER_ENV: Record<string, string>;
export declare function buildIfStale(options?: { web?: boolean }): void;
