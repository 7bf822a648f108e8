/**
 * @module test/nacm/nacm-fixture
 * Test support for the NACM engine: a small module set with every kind of node the rules can
 * meet (keyed lists, a two-key list, a leaf-list, a presence container, an augment from another
 * module, the default-deny extensions, an action, RPCs and a notification), and builders for
 * policies, trees and instance paths.
 */

import type { DataSchemaNode, DataTree, InstancePath, InstancePathStep } from '../../src/data/index.ts';
import { decodeJson } from '../../src/data/index.ts';
import type { AccessDecisions } from '../../src/nacm/index.ts';
import { NacmPolicy, nacmConfigFromJson } from '../../src/nacm/index.ts';
import type { SchemaParent, SchemaTree, YangValue } from '../../src/yang/index.ts';
import { testSchema } from '../support/test-schema.ts';

export const T_NACM = `module t-nacm {
  yang-version 1.1;
  namespace "urn:t:nacm";
  prefix tn;
  import ietf-netconf-acm { prefix nacm; }
  container system {
    leaf hostname { type string; }
    leaf secret { type string; nacm:default-deny-all; }
    leaf motd { type string; nacm:default-deny-write; }
    list user {
      key name;
      leaf name { type string; }
      leaf password { type string; nacm:default-deny-all; }
      leaf role { type string; }
      leaf-list tag { type string; }
      container profile { presence "has a profile"; leaf shell { type string; } }
    }
    container locked { nacm:default-deny-all; leaf a { type string; } }
    list server {
      key "host port";
      leaf host { type string; }
      leaf port { type uint16; }
      leaf weight { type uint8; }
      action ping { }
    }
    action restart { input { leaf delay { type uint8; } } }
  }
  rpc reboot { }
  rpc erase { nacm:default-deny-all; }
  notification alarm { leaf text { type string; } }
}`;

export const T_NACM_EXT = `module t-nacm-ext {
  namespace "urn:t:nacm-ext";
  prefix tx;
  import t-nacm { prefix tn; }
  augment /tn:system { leaf extra { type string; } }
}`;

export const schema: SchemaTree = testSchema([T_NACM, T_NACM_EXT], ['ietf-netconf-acm']);

/** A tree of `t-nacm` data from its RFC 7951 JSON. */
export const treeOf = (json: Record<string, unknown>): DataTree => decodeJson(schema, json, { schema, config: true });

/** The sample data most tests read. */
export const SAMPLE = {
  't-nacm:system': {
    hostname: 'box',
    secret: 's3cret',
    motd: 'hello',
    user: [
      { name: 'alice', password: 'hash-a', role: 'admin', tag: ['x', 'y'], profile: { shell: 'sh' } },
      { name: 'bob', password: 'hash-b', role: 'user' },
    ],
    locked: { a: 'x' },
    server: [{ host: 'h1', port: 80, weight: 1 }],
    't-nacm-ext:extra': 'more',
  },
};

/** A rule in the JSON of the ietf-netconf-acm module (action permit unless said otherwise). */
export type RuleJson = Readonly<Record<string, unknown>>;

/**
 * The decisions of `user` (in the groups the NACM config lists, plus `external`) when one
 * rule-list for group `ops` holds `rules`; `nacm` adds or overrides top-level leaves.
 */
export const decisionsOf = (
  rules: readonly RuleJson[],
  options: {
    readonly nacm?: Readonly<Record<string, unknown>>;
    readonly user?: string;
    readonly external?: readonly string[];
    readonly ruleLists?: readonly RuleJson[];
  } = {},
): AccessDecisions => {
  const config = nacmConfigFromJson({
    groups: { group: [{ name: 'ops', 'user-name': ['olivia'] }] },
    'rule-list': options.ruleLists ?? [
      {
        name: 'ops-rules',
        group: ['ops'],
        rule: rules.map((rule, index) => ({ name: `r${index}`, action: 'permit', ...rule })),
      },
    ],
    ...options.nacm,
  });
  return new NacmPolicy(schema, config).decisionsFor({
    user: options.user ?? 'olivia',
    groups: options.external ?? [],
  });
};

/** The instance path of `a/b[k]/c` below `t-nacm:system` (`[k1,k2]` for several keys, `{v}` a leaf-list value). */
export const at = (text: string): InstancePath => {
  const path: InstancePathStep[] = [];
  let parent: SchemaParent = schema;
  let module = 't-nacm';
  for (const part of text.split('/')) {
    const match = /^(?:([\w-]+):)?([\w-]+)(?:\[([^\]]*)\])?(?:\{([^}]*)\})?$/.exec(part);
    if (match === null) throw new Error(`bad test path ${text}`);
    module = match[1] ?? module;
    const node = parent.dataChildIndex.get(`${module}:${match[2]}`) as DataSchemaNode;
    if (node === undefined) throw new Error(`no node ${part} in ${text}`);
    const keys: YangValue[] | undefined = match[3]?.split(',').map((key) => (/^\d+$/.test(key) ? Number(key) : key));
    path.push(
      keys !== undefined
        ? { schema: node, keys }
        : match[4] !== undefined
          ? { schema: node, value: match[4] }
          : { schema: node },
    );
    parent = node as SchemaParent;
  }
  return path;
};
