/**
 * @module server/factory-default
 * The configuration of a first start: `models/factory-default.json`, with the `admin` account
 * and the management port's TLS keystore (generated, encrypted with the configuration key) filled
 * in. It becomes commit 1 (`via` system).
 * @see shared/spec/identity-model.md (factory default)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DataTree } from '../data/index.ts';
import { decodeJson, parseJsonText } from '../data/index.ts';
import type { SchemaTree } from '../yang/index.ts';
import { MODELS_DIR } from './server-schema.ts';

/** The placeholder of material that only exists once the server has started. */
const GENERATED = 'GENERATED-AT-FIRST-START';

/** What a first start adds to the shipped factory default. */
export interface FirstStartMaterial {
  /** The argon2id hash of the admin password. */
  readonly adminPasswordHash: string;
  /**
   * The stored value of the management port's keystore (`default-admin-keystore`): the generated
   * private key and self-signed certificate, encrypted. Left as the placeholder when absent.
   */
  readonly adminKeystore?: string;
}

type Json = Record<string, unknown>;

const fillPlaceholders = (value: unknown, replacement: string): unknown => {
  if (value === GENERATED) return replacement;
  if (Array.isArray(value)) return value.map((item: unknown) => fillPlaceholders(item, replacement));
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillPlaceholders(item, replacement)]));
  return value;
};

/** The factory default JSON document with the first-start material in place. */
export const factoryDefaultJson = (
  material: FirstStartMaterial,
  file = join(MODELS_DIR, 'factory-default.json'),
): Json => {
  const shipped = parseJsonText(readFileSync(file, 'utf8')) as Json;
  const filled = fillPlaceholders(shipped, material.adminKeystore ?? GENERATED) as Json;
  return {
    ...filled,
    'idconf-aaa:aaa': {
      authentication: {
        users: {
          user: [{ name: 'admin', password: material.adminPasswordHash, description: 'Created at first start' }],
        },
      },
    },
  };
};

/** The factory default tree for `schema`, keeping only the top-level nodes that `schema` has. */
export const factoryDefaultTree = (schema: SchemaTree, material: FirstStartMaterial): DataTree => {
  const json = factoryDefaultJson(material);
  const known = Object.fromEntries(
    Object.entries(json).filter(([name]) => {
      const [module, local] = name.split(':');
      return schema.children.some((node) => node.module === module && node.name === local);
    }),
  );
  return decodeJson(schema, known, { schema, config: true });
};
