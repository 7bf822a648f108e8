/**
 * @module cli/repeatable-option
 * An option that may be given several times and collects its values in order.
 */
import { Option } from 'commander';

const collect = (value: string, previous: readonly string[]): string[] => [...previous, value];

/** `--flag <value>`, repeatable; none by default (shown as such in `--help`). */
export const repeatableOption = (flags: string, description: string): Option =>
  new Option(flags, `${description} (repeatable)`).argParser(collect).default([], 'none');
