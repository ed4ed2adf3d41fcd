// Types of what TypeScript code (the e2e harness, the benchmarks) takes from ensure.mjs.
/** Node flags the server and the workers are launched with. */
export declare const SERVER_NODE_ARGS: string[];
