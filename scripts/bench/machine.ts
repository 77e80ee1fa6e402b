/** The machine's details printed with every benchmark run (CPU, cores, memory, Node, load). */
import os from 'node:os';
import { MiB } from './stats.ts';
import type { MachineInfo } from './report.ts';

/** Reads the details of this machine now. */
export function machineInfo(): MachineInfo {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: os.availableParallelism(),
    memory: `${MiB(os.totalmem())} total, ${MiB(os.freemem())} free at start`,
    node: process.version,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    load: os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(', '),
  };
}
