/**
 * @module server/data-dir-lock
 * One process at a time owns a data directory: the server while it runs, or an offline command
 * (`idconf backup`, `restore`, `rollback`). The lock file holds the owner's pid; a lock left by a
 * process that no longer exists (a crash) is taken over.
 */
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/** The lock file's name inside the data directory. */
export const LOCK_FILE_NAME = 'idconf.lock';

/** The data directory is in use by another live process. */
export class DataDirInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(`the data directory ${dataDir} is in use by process ${pid} (a running server?): stop it, or use its API`);
    this.name = 'DataDirInUseError';
  }
}

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Takes the lock of `dataDir` (which must exist); the returned function releases it. */
export const lockDataDir = (dataDir: string): (() => void) => {
  const file = join(dataDir, LOCK_FILE_NAME);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(pid) && pid !== process.pid && isAlive(pid)) throw new DataDirInUseError(dataDir, pid);
      rmSync(file, { force: true });
    }
  }
  throw new DataDirInUseError(dataDir, Number.NaN);
};
