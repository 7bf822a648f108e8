/**
 * @module bench/child-process
 * Servers under test run as child processes: started, waited for until they print the line
 * that says they listen, measured (resident memory from `/proc`), and stopped. Every child
 * is killed if the harness itself stops early.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** A started server process. */
export interface ServerProcess {
  readonly child: ChildProcess;
  /** The base URL it listens at. */
  readonly url: string;
  /** From the spawn to the listening line, in milliseconds. */
  readonly startupMs: number;
  /** Its recent output, for error messages. */
  output(): string;
  /** Graceful stop (SIGTERM), then SIGKILL after the deadline. Resolves with the stop time in ms. */
  stop(deadlineMs?: number): Promise<number>;
}

/** How to start one server. */
export interface ServerCommand {
  readonly command: string;
  readonly args: readonly string[];
  readonly cwd: string;
  readonly env?: Readonly<Record<string, string>>;
  /** Returns the URL when `line` says the server listens. */
  readonly listening: (line: string) => string | undefined;
  readonly timeoutMs: number;
}

const running = new Set<ChildProcess>();
/** Servers that exited while no one stopped them, described with their last output. */
const unexpected: string[] = [];

/**
 * The servers that exited by themselves (a crash, running out of memory) since the last call,
 * each with its exit code or signal and the end of its output; empties the list.
 */
export const takeUnexpectedExits = (): string[] => unexpected.splice(0);
let cleanupInstalled = false;

const installCleanup = (): void => {
  if (cleanupInstalled) return;
  cleanupInstalled = true;
  process.on('exit', () => {
    for (const child of running) child.kill('SIGKILL');
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      for (const child of running) child.kill('SIGKILL');
      process.exit(130);
    });
  }
};

const KEPT_OUTPUT = 8_000;

/** Starts a server and resolves once it prints its listening line. */
export const startServer = (command: ServerCommand): Promise<ServerProcess> =>
  new Promise((resolve, reject) => {
    installCleanup();
    const started = performance.now();
    const child = spawn(command.command, [...command.args], {
      cwd: command.cwd,
      env: { ...process.env, ...command.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.add(child);
    let recent = '';
    let pending = '';
    let url: string | undefined;
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not start within ${command.timeoutMs} ms:\n${recent}`));
    }, command.timeoutMs);
    const onText = (chunk: string): void => {
      recent = (recent + chunk).slice(-KEPT_OUTPUT);
      if (url !== undefined) return;
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        url = command.listening(line);
        if (url === undefined) continue;
        clearTimeout(timer);
        const startupMs = performance.now() - started;
        let stopping = false;
        child.once('exit', (code, signal) => {
          if (stopping) return;
          const tail = recent.trim().split('\n').slice(-5).join(' | ');
          unexpected.push(`a server (pid ${child.pid}) exited by itself (${signal ?? `code ${code}`}): ${tail}`);
        });
        const stop = async (deadlineMs = 60_000): Promise<number> => {
          stopping = true;
          const begin = performance.now();
          if (child.exitCode === null && child.signalCode === null) {
            child.kill('SIGTERM');
            const kill = setTimeout(() => child.kill('SIGKILL'), deadlineMs);
            await exited;
            clearTimeout(kill);
          }
          running.delete(child);
          return performance.now() - begin;
        };
        resolve({ child, url, startupMs, output: () => recent, stop });
        return;
      }
    };
    child.stdout.setEncoding('utf8').on('data', onText);
    child.stderr.setEncoding('utf8').on('data', onText);
    child.once('exit', (code, signal) => {
      running.delete(child);
      if (url === undefined) {
        clearTimeout(timer);
        reject(new Error(`the server exited (${signal ?? code}) before listening:\n${recent}`));
      }
    });
  });

/** Resident and peak resident memory of a process in MiB, from `/proc` (Linux only). */
export const residentMemory = (pid: number | undefined): { rss: number; peak: number } | undefined => {
  if (pid === undefined) return undefined;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string): number => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rss: field('VmRSS') / 1024, peak: field('VmHWM') / 1024 };
  } catch {
    return undefined;
  }
};

/**
 * CPU time a process has used so far (user + system) in milliseconds, from `/proc` (Linux only;
 * 10 ms resolution). On a shared machine it tells what a request costs the server better than
 * its rate does, which other processes' load moves.
 */
export const cpuTimeMs = (pid: number | undefined): number | undefined => {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) begin after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * 10 : undefined;
  } catch {
    return undefined;
  }
};

/** {@link cpuTimeMs} in microseconds, NaN where there is no `/proc`: for CPU time per request. */
export const cpuTimeMicros = (pid: number | undefined): number => (cpuTimeMs(pid) ?? Number.NaN) * 1000;
