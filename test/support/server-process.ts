/**
 * @module test/support/server-process
 * Starts `idconf serve` as a child process, as a user would, and waits until it listens.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');

/** A server child process started for a test. */
export interface ServerProcess {
  readonly url: string;
  readonly dataDir: string;
  readonly child: ChildProcess;
  /** Every line the server wrote to standard output and standard error so far. */
  readonly output: string[];
  /** Sends a signal and resolves with the exit code (or the signal's name). */
  stop(signal?: NodeJS.Signals): Promise<number | string>;
}

/** Options of {@link startServerProcess}. */
export interface ServerProcessOptions {
  readonly args?: readonly string[];
  readonly dataDir?: string;
  readonly env?: Readonly<Record<string, string>>;
  readonly timeoutMs?: number;
  /**
   * Rewrites the command line (`[node, …flags, main.ts, 'serve', …]`) before it runs, e.g. to
   * start the server through `bin/idconf` or under another parent process.
   */
  readonly wrap?: (command: readonly string[]) => readonly string[];
  /** Runs the server in a process group of its own (its pid is the group's id). */
  readonly detached?: boolean;
}

/** Makes a fresh temporary data directory. */
export const makeDataDir = (): string => mkdtempSync(join(tmpdir(), 'idconf-test-'));

/** Runs `node src/cli/main.ts serve --host 127.0.0.1 --port 0 …` and waits for its listening line. */
export const startServerProcess = (options: ServerProcessOptions = {}): Promise<ServerProcess> => {
  const dataDir = options.dataDir ?? makeDataDir();
  const command = [
    process.execPath,
    '--disable-warning=ExperimentalWarning',
    join(ROOT, 'src', 'cli', 'main.ts'),
    'serve',
    '--host',
    '127.0.0.1',
    '--port',
    '0',
    '--data-dir',
    dataDir,
    ...(options.args ?? []),
  ];
  const [file = process.execPath, ...args] = options.wrap?.(command) ?? command;
  const child = spawn(file, args, {
    cwd: ROOT,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.detached === true,
  });
  const output: string[] = [];
  const exited = new Promise<number | string>((resolve) => {
    child.on('exit', (code, signal) => resolve(code ?? signal ?? -1));
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not start in time; it printed:\n${output.join('\n')}`));
    }, options.timeoutMs ?? 30_000);
    const onLine = (line: string): void => {
      output.push(line);
      const match = line.match(/"url":"(https?:\/\/[^"]+)"/);
      if (match !== null && line.includes('listening')) {
        clearTimeout(timer);
        resolve({
          url: match[1] as string,
          dataDir,
          child,
          output,
          stop: (signal = 'SIGTERM') => {
            child.kill(signal);
            return exited;
          },
        });
      }
    };
    for (const stream of [child.stdout, child.stderr]) {
      let buffered = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        buffered += chunk;
        const lines = buffered.split('\n');
        buffered = lines.pop() ?? '';
        for (const line of lines) onLine(line);
      });
    }
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code} before listening; it printed:\n${output.join('\n')}`));
    });
  });
};
