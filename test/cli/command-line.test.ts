/**
 * @module test/cli/command-line.test
 * The command line itself, run as a user runs it: a bad option value is one line on standard
 * error and exit code 2 (never a stack trace, never silently accepted); `--version`; every
 * option's default in `--help`; a reader that goes away early ends the command quietly.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import type { Command } from 'commander';
import { createProgram } from '../../src/cli/program.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const MAIN = join(ROOT, 'src', 'cli', 'main.ts');
const NODE_FLAGS = ['--disable-warning=ExperimentalWarning'];

const idconf = (...args: string[]): { status: number | null; stdout: string; stderr: string } => {
  const result = spawnSync(process.execPath, [...NODE_FLAGS, MAIN, ...args], {
    encoding: 'utf8',
    env: { ...process.env, IDCONF_DATA_DIR: '' },
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
};

const work = mkdtempSync(join(tmpdir(), 'idconf-cli-'));
after(() => rmSync(work, { recursive: true, force: true }));

describe('usage errors', () => {
  const cases: { readonly args: readonly string[]; readonly message: RegExp }[] = [
    { args: ['serve', '--port', 'abc'], message: /--port .*'abc' is invalid.*from 0 to 65535/ },
    { args: ['serve', '--port', '99999'], message: /--port .*'99999' is invalid/ },
    { args: ['serve', '--port', '-1'], message: /--port/ },
    { args: ['serve', '--port', '1e3'], message: /--port .*'1e3' is invalid/ },
    { args: ['serve', '--port', '80.5'], message: /--port .*'80.5' is invalid/ },
    { args: ['serve', '--port', ''], message: /--port .*'' is invalid/ },
    { args: ['serve', '--body-limit', 'abc'], message: /--body-limit .*'abc' is invalid/ },
    { args: ['serve', '--body-limit', '0'], message: /--body-limit .*'0' is invalid/ },
    { args: ['serve', '--body-limit', '99999999999999999999'], message: /--body-limit .* is invalid/ },
    { args: ['serve', '--max-subscriptions', '0'], message: /--max-subscriptions .*'0' is invalid/ },
    { args: ['serve', '--max-subscriptions-per-user', 'many'], message: /--max-subscriptions-per-user .*'many'/ },
    { args: ['serve', '--no-such-option'], message: /unknown option '--no-such-option'/ },
    { args: ['serve', '--trusted-proxy', 'proxy.example'], message: /--trusted-proxy .*not an IP address/ },
    { args: ['serve', '--trusted-proxy', '10.0.0.0/40'], message: /--trusted-proxy .*'10.0.0.0\/40' is invalid/ },
    { args: ['serve', '--forwarded-header', 'via'], message: /'via' is invalid.*x-forwarded-for, forwarded/ },
    { args: ['rollback', 'list', '--limit', 'ten'], message: /--limit .*'ten' is invalid/ },
    { args: ['rollback', 'show', 'x'], message: /'x' is invalid for argument 'fixed-number'/ },
    { args: ['rollback', 'apply', '-3'], message: /unknown option '-3'|'-3' is invalid/ },
    { args: ['data', 'convert', 'f.json', '--to', 'yaml'], message: /'yaml' is invalid.*json, xml/ },
    { args: ['data', 'convert', 'f.json'], message: /--to <encoding>' not specified/ },
    { args: ['data', 'validate', 'f.json', '--type', 'state'], message: /'state' is invalid/ },
    { args: ['no-such-command'], message: /unknown command 'no-such-command'/ },
  ];
  for (const { args, message } of cases)
    it(`idconf ${args.join(' ')}`, () => {
      const result = idconf(...args);
      assert.equal(result.status, 2, result.stderr);
      assert.equal(result.stdout, '');
      const lines = result.stderr.trimEnd().split('\n');
      assert.equal(lines.length, 1, `one line, not:\n${result.stderr}`);
      assert.match(lines[0] as string, /^idconf: error: /);
      assert.match(lines[0] as string, message);
    });
});

describe('version and help', () => {
  it('--version and -V print the version of package.json', () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    for (const flag of ['--version', '-V']) {
      const result = idconf(flag);
      assert.equal(result.status, 0);
      assert.equal(result.stdout, `${version}\n`);
    }
  });

  it('shows the default of every option of every command', () => {
    const missing: string[] = [];
    const visit = (command: Command, path: string): void => {
      const help = command.createHelp();
      for (const option of command.options) {
        if (option.long === '--version' || option.mandatory) continue;
        if (!help.optionDescription(option).includes('default: ')) missing.push(`${path} ${option.flags}`);
      }
      for (const sub of command.commands) visit(sub, `${path} ${sub.name()}`);
    };
    visit(createProgram(), 'idconf');
    assert.deepEqual(missing, []);
  });

  it('serve --help shows the defaults as a user sees them', () => {
    const result = idconf('serve', '--help');
    assert.equal(result.status, 0);
    // Commander wraps long lines: match across them.
    assert.match(result.stdout, /--port <number>[^-]*\(default:\s+6749\)/);
    assert.match(result.stdout, /--body-limit <bytes>[^-]*\(default:\s+10485760/);
    assert.match(result.stdout, /--yang-dir <dir>[^-]*\(default: none\)/);
  });
});

describe('a reader that goes away early', () => {
  it('idconf data convert … | head: no stack trace, exit 0', async () => {
    const file = join(work, 'nacm.json');
    writeFileSync(file, JSON.stringify({ 'ietf-netconf-acm:nacm': { 'enable-nacm': true } }));
    const child = spawn(process.execPath, [...NODE_FLAGS, MAIN, 'data', 'convert', file, '--to', 'xml'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Close the read end before the command writes: its first write fails with EPIPE.
    child.stdout.destroy();
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    assert.equal(stderr, '');
    assert.equal(code, 0);
  });
});
