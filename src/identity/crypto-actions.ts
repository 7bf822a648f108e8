/**
 * @module identity/crypto-actions
 * The actions of `base:facilities/crypto`: import or generate key material, check it, and store
 * one new entry in one commit. Each returns the entry's id, key type, SHA-256 fingerprint and,
 * with a certificate, its end of validity. Private material never appears in an output.
 * @see RFC 7950 §7.15 (actions), RFC 8040 §3.6; docs/model.md (crypto actions)
 */
import type { InstancePath, ListEntry, OperationData } from '../data/index.ts';
import { decodeJson, formatInstancePath, getChild, resolveInstancePath, updateAt } from '../data/index.ts';
import { DataExistsError, InvalidValueError } from '../errors/index.ts';
import type { ManagementService, OperationContext, OperationHandler } from '../management/index.ts';
import { leafValueOf, operationPathText } from '../management/index.ts';
import type { ListNode, SchemaTree, YangValue } from '../yang/index.ts';
import type { ConfigCipher } from './config-cipher.ts';
import type { CryptoList } from './crypto-lists.ts';
import {
  readMaterialFor,
  SIGNATURE_VERIFICATION_KEYS,
  SIGNING_KEYS,
  SSL_CLIENT_TRUSTSTORE,
  SSL_SERVER_KEYSTORES,
  SSL_SERVER_TRUSTSTORE,
  storedValueOf,
} from './crypto-lists.ts';
import type { SelfSignedOptions } from './key-generation.ts';
import { generateSelfSigned } from './key-generation.ts';
import type { CurveName, KeyMaterial, KeyType } from './key-material.ts';
import { fingerprintOf, KeyMaterialError, keyTypeOf } from './key-material.ts';
import { instancePathOf } from './model-paths.ts';

const CRYPTO = '/base:facilities/crypto';

/** Days a generated signing key's certificate is valid. */
export const SIGNING_CERTIFICATE_DAYS = 5 * 365;
/** Days a generated TLS server certificate is valid. */
export const TLS_CERTIFICATE_DAYS = 365;

interface Dependencies {
  readonly schema: SchemaTree;
  readonly cipher: ConfigCipher;
}

const inputPath = (context: OperationContext, field: string): string =>
  `${operationPathText(context.parentPath, context.operation)}/input/${field}`;

const invalidInput = (context: OperationContext, field: string, message: string, cause?: unknown): InvalidValueError =>
  new InvalidValueError(`${field}: ${message}`, {
    path: inputPath(context, field),
    info: { 'bad-element': field },
    ...(cause === undefined ? {} : { cause }),
  });

/** Runs `read`, turning a KeyMaterialError into invalid-value on the input field it names. */
const checked = async <T>(
  context: OperationContext,
  read: () => T | Promise<T>,
  fieldOf = (field: string) => field,
): Promise<T> => {
  try {
    return await read();
  } catch (error) {
    if (error instanceof KeyMaterialError) throw invalidInput(context, fieldOf(error.field), error.message, error);
    throw error;
  }
};

const stringInput = (input: OperationData, name: string): string | undefined => {
  const value = leafValueOf(input, name);
  return typeof value === 'string' ? value : value === undefined ? undefined : String(value);
};

/** The output every crypto action returns. */
const outputOf = (id: string, material: KeyMaterial): Record<string, unknown> => {
  const leaf = material.certificates[0];
  return {
    id,
    type: keyTypeOf(material.publicKey),
    fingerprint: fingerprintOf(material),
    ...(leaf === undefined ? {} : { 'not-after': leaf.validToDate.toISOString().replace(/\.000Z$/, 'Z') }),
  };
};

/** Stores `material` as entry `id` of `list` in one commit; data-exists when the id is taken. */
const storeEntry = async (
  dependencies: Dependencies,
  context: OperationContext,
  list: CryptoList,
  id: string,
  material: KeyMaterial,
): Promise<Record<string, unknown>> => {
  const { schema, cipher } = dependencies;
  const entryPath: InstancePath = instancePathOf(schema, list.path, [[id]]);
  const listNode = entryPath.at(-1)?.schema as ListNode;
  const entry = decodeJson(
    listNode,
    { id, keystore: storedValueOf(list, material, cipher) },
    { schema, qualifiedTop: false },
  ) as ListEntry;
  await context.commit((root) => {
    if (resolveInstancePath(root, entryPath) !== undefined)
      throw new DataExistsError(`${listNode.name} ${id} already exists`, { path: formatInstancePath(entryPath) });
    return updateAt(root, entryPath, () => entry);
  });
  return outputOf(id, material);
};

/** An add- action: reads `keystore` (and `password`) as material for `list`. */
const addAction =
  (dependencies: Dependencies, list: CryptoList): OperationHandler =>
  async (context) => {
    const id = stringInput(context.input, 'id') as string;
    const keystore = stringInput(context.input, 'keystore') as string;
    const password = stringInput(context.input, 'password');
    const material = await checked(context, () => readMaterialFor(list, keystore, password));
    return storeEntry(dependencies, context, list, id, material);
  };

const generateSigningKey =
  (dependencies: Dependencies): OperationHandler =>
  async (context) => {
    const { input } = context;
    const id = stringInput(input, 'id') as string;
    const type = (stringInput(input, 'type') ?? 'rsa') as KeyType;
    const size = leafValueOf(input, 'size');
    const curve = stringInput(input, 'curve') as CurveName | undefined;
    if (size !== undefined && type !== 'rsa') throw invalidInput(context, 'size', 'applies to RSA keys only');
    if (curve !== undefined && type !== 'ec') throw invalidInput(context, 'curve', 'applies to EC keys only');
    const options: SelfSignedOptions = {
      type,
      ...(size === undefined ? {} : { size: Number(size as YangValue) }),
      ...(curve === undefined ? {} : { curve }),
      subject: `CN=${id}`,
      validityDays: SIGNING_CERTIFICATE_DAYS,
      serverAuth: false,
    };
    const material = await checked(
      context,
      () => generateSelfSigned(options),
      () => 'id',
    );
    return storeEntry(dependencies, context, SIGNING_KEYS, id, material);
  };

const generateSslServerKeystore =
  (dependencies: Dependencies): OperationHandler =>
  async (context) => {
    const { input } = context;
    const id = stringInput(input, 'id') as string;
    const subject = stringInput(input, 'subject') as string;
    const dnsNode = input.schema.dataChildIndex.get('dns-names');
    const dnsNames = dnsNode !== undefined && dnsNode.kind === 'leaf-list' ? (getChild(input, dnsNode) ?? []) : [];
    const material = await checked(
      context,
      () =>
        generateSelfSigned({
          type: 'ec',
          curve: 'P-256',
          subject,
          dnsNames: dnsNames.map(String),
          validityDays: TLS_CERTIFICATE_DAYS,
          serverAuth: true,
        }),
      () => 'subject',
    );
    return storeEntry(dependencies, context, SSL_SERVER_KEYSTORES, id, material);
  };

/** Binds the handlers of the crypto actions (those the schema has) to `management`. */
export const registerCryptoActions = (management: ManagementService, cipher: ConfigCipher): void => {
  const dependencies: Dependencies = { schema: management.schema, cipher };
  const handlers: Readonly<Record<string, OperationHandler>> = {
    'add-signature-verification-key': addAction(dependencies, SIGNATURE_VERIFICATION_KEYS),
    'add-signing-key': addAction(dependencies, SIGNING_KEYS),
    'generate-signing-key': generateSigningKey(dependencies),
    'add-ssl-server-keystore': addAction(dependencies, SSL_SERVER_KEYSTORES),
    'generate-ssl-server-keystore': generateSslServerKeystore(dependencies),
    'add-ssl-server-truststore': addAction(dependencies, SSL_SERVER_TRUSTSTORE),
    'add-ssl-client-truststore': addAction(dependencies, SSL_CLIENT_TRUSTSTORE),
  };
  for (const [name, handler] of Object.entries(handlers)) {
    try {
      management.registerOperation(`${CRYPTO}/${name}`, handler);
    } catch {
      // The schema lacks this action (a reduced model): nothing to bind.
    }
  }
};
