// Types of what TypeScript code (the cluster test tier) takes from topology.mjs.
import type { ChildProcess } from 'node:child_process';

export type Proc = {
  name: string;
  logFile: string;
  readonly pid: number | undefined;
  readonly alive: boolean;
  process: ChildProcess | null;
  start(): ChildProcess;
  stop(signal?: NodeJS.Signals): Promise<void>;
};

export type Replica = Proc & { port: number; url: string; restart(): Promise<void> };

export type Topology = { lbUrl: string; lb: Proc; apis: Replica[]; worker: Proc; stop(): Promise<void> };

export declare function startTopology(options: {
  env?: Record<string, string | undefined>;
  host?: string;
  lbPort?: number;
  apiPorts?: number[];
  logDir: string;
  dataDir: string;
  haproxy?: string;
}): Promise<Topology>;
