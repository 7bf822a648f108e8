/**
 * @module auth/password-hash-phc
 * The PHC string format shared by the argon2 and scrypt hashes:
 * `$<id>[$v=<version>][$<name>=<value>(,<name>=<value>)*][$<salt>[$<hash>]]`, with the salt
 * and hash in standard base64 without padding.
 * @see https://github.com/P-H-C/phc-string-format/blob/master/phc-sf-spec.md
 */

/** A parsed PHC string. */
export interface PhcString {
  readonly id: string;
  readonly version: number | undefined;
  readonly parameters: ReadonlyMap<string, string>;
  readonly salt: Buffer;
  readonly hash: Buffer;
}

/** Why a string is not a usable hash; says nothing about the hash's secret parts. */
export interface HashProblem {
  readonly problem: string;
}

const ID = /^[a-z0-9-]{1,32}$/;
const PARAMETER = /^([a-z0-9-]{1,32})=([A-Za-z0-9/+.-]+)$/;
const B64 = /^[A-Za-z0-9+/]*$/;
const DECIMAL = /^(0|[1-9][0-9]{0,9})$/;

/** Decodes unpadded standard base64 strictly: canonical encodings only. */
export const decodeB64 = (text: string): Buffer | undefined => {
  if (!B64.test(text) || text.length % 4 === 1) return undefined;
  const bytes = Buffer.from(text, 'base64');
  return encodeB64(bytes) === text ? bytes : undefined;
};

/** Encodes bytes as standard base64 without padding. */
export const encodeB64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64').replace(/=+$/, '');

/** Parses a decimal parameter value without sign or leading zeros. */
export const parseDecimal = (text: string | undefined): number | undefined =>
  text !== undefined && DECIMAL.test(text) ? Number(text) : undefined;

/** Parses a PHC string that has a salt and a hash; a {@link HashProblem} when it is not one. */
export const parsePhcString = (text: string): PhcString | HashProblem => {
  const fields = text.split('$');
  const id = fields[1];
  if (fields[0] !== '' || id === undefined || !ID.test(id)) return { problem: 'not a PHC string' };
  let index = 2;
  let version: number | undefined;
  const versionMatch = /^v=(.*)$/.exec(fields[index] ?? '');
  if (versionMatch !== null) {
    version = parseDecimal(versionMatch[1]);
    if (version === undefined) return { problem: `${id}: malformed version` };
    index++;
  }
  const parameters = new Map<string, string>();
  if (fields[index]?.includes('=') === true) {
    for (const pair of (fields[index] as string).split(',')) {
      const match = PARAMETER.exec(pair);
      if (match === null) return { problem: `${id}: malformed parameter list` };
      const name = match[1] as string;
      const value = match[2] as string;
      if (parameters.has(name)) return { problem: `${id}: parameter ${name} repeated` };
      parameters.set(name, value);
    }
    index++;
  }
  if (fields.length !== index + 2) return { problem: `${id}: expected a salt and a hash` };
  const salt = decodeB64(fields[index] as string);
  const hash = decodeB64(fields[index + 1] as string);
  if (salt === undefined || hash === undefined) return { problem: `${id}: salt or hash is not base64` };
  return { id, version, parameters, salt, hash };
};

/** Formats a PHC string. */
export const formatPhcString = (fields: {
  readonly id: string;
  readonly version?: number;
  readonly parameters: readonly (readonly [string, number])[];
  readonly salt: Uint8Array;
  readonly hash: Uint8Array;
}): string =>
  [
    '',
    fields.id,
    ...(fields.version === undefined ? [] : [`v=${fields.version}`]),
    fields.parameters.map(([name, value]) => `${name}=${value}`).join(','),
    encodeB64(fields.salt),
    encodeB64(fields.hash),
  ].join('$');

/** True when the value is a {@link HashProblem}. */
export const isHashProblem = (value: object): value is HashProblem => 'problem' in value;
