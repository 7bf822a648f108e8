/**
 * @module yang/compiler/grammar
 * The substatement grammar of each core keyword as data (cardinality per substatement), and
 * the check of a statement tree against it: unknown keywords, missing mandatory and repeated
 * single substatements. Extension statements are not checked.
 * @see RFC 7950 §7 (the substatement tables), §14
 */
import type { Statement } from '../statement.ts';
import { type CompileContext, report } from './context.ts';

const META = 'description? reference?';
const BODY = `if-feature* when? status? ${META}`;
const DATA_DEF = 'anydata* anyxml* choice* container* leaf* leaf-list* list* uses*';
const MODULE_BODY = `import* include* organization? contact? revision* extension* feature* identity* typedef* grouping* ${DATA_DEF} augment* rpc* notification* deviation* ${META}`;

/** Substatements allowed under each core keyword: `name` once, `name?` optional, `name*` any, `name+` at least once. */
const GRAMMAR_TEXT: Readonly<Record<string, string>> = {
  module: `yang-version? namespace prefix ${MODULE_BODY}`,
  submodule: `yang-version? belongs-to ${MODULE_BODY}`,
  'belongs-to': 'prefix',
  import: `prefix revision-date? ${META}`,
  include: `revision-date? ${META}`,
  revision: META,
  extension: `argument? status? ${META}`,
  argument: 'yin-element?',
  feature: `if-feature* status? ${META}`,
  identity: `if-feature* base* status? ${META}`,
  typedef: `type units? default? status? ${META}`,
  type: 'fraction-digits? range? length? pattern* enum* bit* path? require-instance? base* type*',
  range: `error-message? error-app-tag? ${META}`,
  length: `error-message? error-app-tag? ${META}`,
  pattern: `modifier? error-message? error-app-tag? ${META}`,
  must: `error-message? error-app-tag? ${META}`,
  enum: `if-feature* value? status? ${META}`,
  bit: `if-feature* position? status? ${META}`,
  grouping: `status? typedef* grouping* ${DATA_DEF} action* notification* ${META}`,
  container: `${BODY} must* presence? config? typedef* grouping* ${DATA_DEF} action* notification*`,
  leaf: `${BODY} type units? must* default? config? mandatory?`,
  'leaf-list': `${BODY} type units? must* default* config? min-elements? max-elements? ordered-by?`,
  list: `${BODY} must* key? unique* config? min-elements? max-elements? ordered-by? typedef* grouping* ${DATA_DEF} action* notification*`,
  choice: `${BODY} default? config? mandatory? anydata* anyxml* case* choice* container* leaf* leaf-list* list*`,
  case: `${BODY} ${DATA_DEF}`,
  anydata: `${BODY} must* config? mandatory?`,
  anyxml: `${BODY} must* config? mandatory?`,
  uses: `${BODY} refine* augment*`,
  refine: `if-feature* must* presence? default* config? mandatory? min-elements? max-elements? ${META}`,
  augment: `${BODY} ${DATA_DEF} case* action* notification*`,
  rpc: `if-feature* status? ${META} typedef* grouping* input? output?`,
  action: `if-feature* status? ${META} typedef* grouping* input? output?`,
  input: `must* typedef* grouping* ${DATA_DEF}`,
  output: `must* typedef* grouping* ${DATA_DEF}`,
  notification: `if-feature* must* status? ${META} typedef* grouping* ${DATA_DEF}`,
  deviation: `${META} deviate+`,
  deviate: 'units? must* unique* default* config? mandatory? min-elements? max-elements? type?',
  when: META,
};

/** Leaf keywords: no substatements other than extensions. */
const SIMPLE = new Set([
  'yang-version',
  'namespace',
  'prefix',
  'organization',
  'contact',
  'description',
  'reference',
  'revision-date',
  'units',
  'default',
  'config',
  'mandatory',
  'presence',
  'key',
  'unique',
  'min-elements',
  'max-elements',
  'ordered-by',
  'status',
  'if-feature',
  'base',
  'fraction-digits',
  'path',
  'require-instance',
  'value',
  'position',
  'error-message',
  'error-app-tag',
  'modifier',
  'yin-element',
]);

type Cardinality = '1' | '?' | '*' | '+';

const GRAMMAR: ReadonlyMap<string, ReadonlyMap<string, Cardinality>> = new Map(
  Object.entries(GRAMMAR_TEXT).map(([keyword, text]) => [
    keyword,
    new Map(
      text.split(/\s+/).map((entry): [string, Cardinality] => {
        const last = entry.at(-1);
        return last === '?' || last === '*' || last === '+' ? [entry.slice(0, -1), last] : [entry, '1'];
      }),
    ),
  ]),
);

/** Checks a statement tree against the grammar table. */
export const checkGrammar = (context: CompileContext, statement: Statement): void => {
  if (statement.prefix !== undefined) return;
  const allowed = GRAMMAR.get(statement.keyword);
  if (allowed === undefined) {
    for (const child of statement.substatements) {
      if (child.prefix === undefined) {
        report(
          context,
          'error',
          'unexpected-substatement',
          `"${child.keyword}" is not allowed under "${statement.keyword}"`,
          child.location,
        );
      }
    }
    return;
  }
  const counts = new Map<string, number>();
  for (const child of statement.substatements) {
    if (child.prefix !== undefined) continue;
    if (!allowed.has(child.keyword)) {
      const known = GRAMMAR.has(child.keyword) || SIMPLE.has(child.keyword);
      report(
        context,
        'error',
        known ? 'unexpected-substatement' : 'unknown-statement',
        known
          ? `"${child.keyword}" is not allowed under "${statement.keyword}"`
          : `unknown statement "${child.keyword}"`,
        child.location,
      );
      continue;
    }
    const count = (counts.get(child.keyword) ?? 0) + 1;
    counts.set(child.keyword, count);
    const cardinality = allowed.get(child.keyword);
    if (count === 2 && (cardinality === '1' || cardinality === '?')) {
      report(
        context,
        'error',
        'duplicate-substatement',
        `"${statement.keyword}" has more than one "${child.keyword}"`,
        child.location,
      );
    }
    checkGrammar(context, child);
  }
  for (const [keyword, cardinality] of allowed) {
    if ((cardinality === '1' || cardinality === '+') && !counts.has(keyword)) {
      report(context, 'error', 'missing-substatement', `"${statement.keyword}" needs "${keyword}"`, statement.location);
    }
  }
};
