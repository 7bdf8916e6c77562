import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';

export interface MachineInfo {
  cpuModel: string;
  cores: number;
  memoryGiB: number;
  node: string;
  platform: string;
}

export function machineInfo(): MachineInfo {
  let cpuModel = os.cpus()[0]?.model ?? 'unknown';
  try {
    const line = readFileSync('/proc/cpuinfo', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('model name'));
    if (line) cpuModel = line.slice(line.indexOf(':') + 1).trim();
  } catch {
    // Not Linux: os.cpus() is all there is.
  }
  return {
    cpuModel,
    cores: os.availableParallelism(),
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
  };
}

let clockTicks: number | null = null;

/** CPU seconds (user + system) a process has used so far, from /proc; null where /proc is missing. */
export function processCpuSeconds(pid: number): number | null {
  try {
    // Field 2 (the command) may contain spaces: count from the closing parenthesis.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    clockTicks ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    // utime and stime are fields 14 and 15, i.e. 11 and 12 after the command and state.
    return (Number(fields[11]) + Number(fields[12])) / clockTicks;
  } catch {
    return null;
  }
}

export interface CpuTimes {
  busy: number;
  total: number;
}

/** The whole machine's CPU time so far (all cores, in clock ticks), from the first line of /proc/stat. */
export function machineCpuTimes(): CpuTimes | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    // cpu  user nice system idle iowait irq softirq steal …: idle and iowait are the idle time.
    const ticks = line.trim().split(/\s+/).slice(1, 9).map(Number);
    const total = ticks.reduce((a, b) => a + b, 0);
    const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}

/** Share of the machine (all cores) busy between two samples. */
export function busyShare(before: CpuTimes | null, after: CpuTimes | null): number | null {
  if (!before || !after || after.total === before.total) return null;
  return (after.busy - before.busy) / (after.total - before.total);
}

/** Resident memory of a process in MiB, from /proc; null where /proc is missing. */
export function processRssMiB(pid: number): number | null {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:'));
    return line ? Math.round(Number(line.replace(/\D+/g, '')) / 1024) : null;
  } catch {
    return null;
  }
}
