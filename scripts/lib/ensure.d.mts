// Types of what TypeScript code (the e2e harness, the benchmarks) takes from ensure.mjs.
/** Node flags the server and the workers are launched with. */
export declare const SERVER_NODE_ARGS: string[];
/** Installs a Debian package when `bin` is missing and apt-get may run; false (with a message) when not. */
export declare function ensureDebianPackage(opts: { bin: string; pkg: string; why: string }): Promise<boolean>;
/** Builds the API bundle (apps/api/dist) when it is missing or older than its sources, or always when forced. */
export declare function ensureApiBuild(opts?: { force?: boolean }): Promise<void>;
