/**
 * @module bench/server-output
 * Following a benchmark server's output line by line: its standard output (where `--trace-gc`
 * writes) split into whole lines for the tool to read, and the server's warnings and errors
 * (pino log lines of level 40 and up, on either stream) shown as they come.
 */
import type { ChildProcess } from 'node:child_process';

/** Whether `line` is one of the server's warnings or errors (a pino log line). */
const isServerWarning = (line: string): boolean => /"level":(40|50|60)/.test(line);

/**
 * Calls `onLine` with every whole line of `child`'s standard output; a line `onLine` does not
 * take (returns false) is shown through `log` when it is a warning or an error, as is any such
 * line on standard error.
 */
export const followServerOutput = (
  child: ChildProcess,
  log: (line: string) => void,
  onLine: (line: string) => boolean,
): void => {
  const show = (line: string): void => {
    if (isServerWarning(line)) log(`server: ${line.slice(0, 300)}`);
  };
  let pending = '';
  child.stderr?.on('data', (text: string) => {
    for (const part of String(text).split('\n')) show(part);
  });
  child.stdout?.on('data', (text: string) => {
    const parts = (pending + text).split('\n');
    pending = parts.pop() ?? '';
    for (const part of parts) if (!onLine(part)) show(part);
  });
};
