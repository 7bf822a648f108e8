/**
 * @module auth/crypt-base64
 * The base-64 alphabet of crypt(3) (`./0-9A-Za-z`), written least significant 6 bits first.
 */

/** The crypt(3) alphabet. */
export const CRYPT_ALPHABET = './0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Encodes the low `characters`·6 bits of `value`, least significant first. */
export const encodeCryptBits = (value: number, characters: number): string => {
  let text = '';
  let rest = value;
  for (let index = 0; index < characters; index++) {
    text += CRYPT_ALPHABET[rest & 0x3f];
    rest >>>= 6;
  }
  return text;
};
