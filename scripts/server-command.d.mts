export declare const SERVER_NODE_OPTIONS: string[];
export declare const RUN_NODE_OPTIONS: string[];
export declare const SERVER_PRELOAD: string[];
export declare function serverArgs(root: string): string[];
