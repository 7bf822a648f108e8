/**
 * @module cli/data-command
 * `idconf data validate` checks instance documents (RFC 7951 JSON or RFC 7950 XML) against the
 * server's modules and prints every error; `idconf data convert` prints a document's canonical
 * form in either encoding.
 */
import { readFileSync } from 'node:fs';
import { type Command, Option } from 'commander';
import type { DataTree } from '../data/index.ts';
import { decodeJson, decodeXmlDocument, encodeJson, encodeXml, parseJsonText, validateTree } from '../data/index.ts';
import type { ManagementError } from '../errors/index.ts';
import { isManagementError, ManagementErrors } from '../errors/index.ts';
import { loadServerSchema } from '../server/index.ts';
import type { SchemaTree } from '../yang/index.ts';
import { repeatableOption } from './repeatable-option.ts';

type DocumentType = 'config' | 'data';

/** XML when the file says so by its extension or its first character, else JSON. */
const isXml = (file: string, text: string): boolean =>
  /\.xml$/i.test(file) || (!/\.json$/i.test(file) && text.trimStart().startsWith('<'));

/** Decodes one document; a decode error is thrown as a ManagementError. */
export const decodeDocument = (file: string, text: string, schema: SchemaTree, type: DocumentType): DataTree => {
  const options = { schema, config: type === 'config' };
  if (isXml(file, text)) return decodeXmlDocument(schema, text, options);
  const json = parseJsonText(text);
  // A RESTCONF datastore body (`{"ietf-restconf:data": {…}}`) holds the same top-level nodes.
  const wrapped =
    typeof json === 'object' && json !== null && !Array.isArray(json) && Object.keys(json).length === 1
      ? (json as Record<string, unknown>)['ietf-restconf:data']
      : undefined;
  return decodeJson(schema, wrapped ?? json, options);
};

/** `file: error-tag (app-tag) at path: message` */
export const formatError = (file: string, error: ManagementError): string =>
  `${file}: ${error.tag}${error.appTag === undefined ? '' : ` (${error.appTag})`}${
    error.path === undefined ? '' : ` at ${error.path}`
  }: ${error.message}`;

/** Every error of one document: its decode error, or every validation error. */
export const documentErrors = (
  file: string,
  text: string,
  schema: SchemaTree,
  type: DocumentType,
): readonly ManagementError[] => {
  let tree: DataTree;
  try {
    tree = decodeDocument(file, text, schema, type);
  } catch (error) {
    if (error instanceof ManagementErrors) return error.errors;
    if (isManagementError(error)) return [error];
    throw error;
  }
  return validateTree(tree, { type });
};

interface DataFlags {
  readonly yangDir: string[];
  readonly type: string;
}

const parseType = (text: string): DocumentType => {
  if (text !== 'config' && text !== 'data') throw new Error(`--type must be config or data, not ${text}`);
  return text;
};

const readText = (file: string): string => {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
};

const fail = (message: string): void => {
  process.stderr.write(`idconf: ${message}\n`);
  process.exitCode = 1;
};

const typeOption = (fallback: DocumentType): Option =>
  new Option('--type <type>', 'config (no config false nodes) or data').choices(['config', 'data']).default(fallback);

/** Adds `data validate` and `data convert` to the program. */
export const addDataCommand = (program: Command): void => {
  const data = program.command('data').description('validate and convert instance documents');
  data
    .command('validate')
    .description('validate JSON or XML instance documents against the modules; print every error')
    .argument('<files...>')
    .addOption(repeatableOption('--yang-dir <dir>', 'extra module directory'))
    .addOption(typeOption('config'))
    .action((files: string[], flags: DataFlags) => {
      try {
        const type = parseType(flags.type);
        const { schema } = loadServerSchema(flags.yangDir);
        let invalid = 0;
        for (const file of files) {
          const errors = documentErrors(file, readText(file), schema, type);
          for (const error of errors) process.stdout.write(`${formatError(file, error)}\n`);
          if (errors.length > 0) invalid++;
          else process.stdout.write(`${file}: valid\n`);
        }
        if (invalid > 0) fail(`${invalid} of ${files.length} document(s) invalid`);
      } catch (error) {
        fail(error instanceof Error ? error.message : String(error));
      }
    });
  data
    .command('convert')
    .description('print an instance document in canonical JSON or XML')
    .argument('<file>')
    .addOption(
      new Option('--to <encoding>', 'the encoding to print (required)').choices(['json', 'xml']).makeOptionMandatory(),
    )
    .addOption(repeatableOption('--yang-dir <dir>', 'extra module directory'))
    .addOption(typeOption('data'))
    .action((file: string, flags: DataFlags & { readonly to: string }) => {
      try {
        if (flags.to !== 'json' && flags.to !== 'xml') throw new Error(`--to must be json or xml, not ${flags.to}`);
        const { schema } = loadServerSchema(flags.yangDir);
        const tree = decodeDocument(file, readText(file), schema, parseType(flags.type));
        const chunks =
          flags.to === 'json'
            ? encodeJson(tree, schema)
            : encodeXml(tree, schema, {
                wrapper: { name: 'data', namespace: 'urn:ietf:params:xml:ns:yang:ietf-restconf' },
              });
        for (const chunk of chunks) process.stdout.write(chunk);
        process.stdout.write('\n');
      } catch (error) {
        fail(
          isManagementError(error) ? formatError(file, error) : error instanceof Error ? error.message : String(error),
        );
      }
    });
};
