/**
 * @module auth/ldap/ldap-dn
 * Group names from group DNs: the value of the `cn` attribute of a DN's first (leftmost) RDN,
 * read as RFC 4514 writes it (`\,` and `\2C` escapes, UTF-8 bytes as `\XX`, multi-valued RDNs
 * joined by `+`). `cn=ops,ou=groups,o=acme,c=se` → `ops`.
 * @see RFC 4514 §2.4 and §3 (string representation of DNs)
 */

/** `cn` by name and by OID. @see RFC 4519 §2.3 */
const COMMON_NAME = new Set(['cn', 'commonname', '2.5.4.3']);
const HEX = /^[0-9a-fA-F]{2}$/;

/** One attribute type and value of an RDN. */
interface AttributeValue {
  readonly type: string;
  /** Undefined for a `#hexstring` (BER) value, which is not a name. */
  readonly value: string | undefined;
}

/** The attribute values of the first RDN of `dn`, or undefined when it is malformed. */
export const firstRdn = (dn: string): AttributeValue[] | undefined => {
  const values: AttributeValue[] = [];
  let index = 0;
  for (;;) {
    const equals = dn.indexOf('=', index);
    if (equals < 0) return undefined;
    const type = dn.slice(index, equals).trim().toLowerCase();
    if (type === '') return undefined;
    index = equals + 1;
    const bytes: number[] = [];
    let hexString = false;
    // Unescaped spaces at either end of a value are not part of it (RFC 4514 §3).
    let end = 0;
    while (index < dn.length && dn[index] === ' ') index++;
    if (dn[index] === '#') hexString = true;
    let stop: string | undefined;
    while (index < dn.length) {
      const character = dn[index] as string;
      if (character === ',' || character === '+' || character === ';') {
        stop = character;
        index++;
        break;
      }
      if (character === '\\') {
        const pair = dn.slice(index + 1, index + 3);
        if (HEX.test(pair)) {
          bytes.push(Number.parseInt(pair, 16));
          index += 3;
        } else if (index + 1 < dn.length) {
          bytes.push(...Buffer.from(dn[index + 1] as string, 'utf8'));
          index += 2;
        } else return undefined;
        end = bytes.length;
        continue;
      }
      const codePoint = dn.codePointAt(index) as number;
      const text = String.fromCodePoint(codePoint);
      bytes.push(...Buffer.from(text, 'utf8'));
      if (character !== ' ') end = bytes.length;
      index += text.length;
    }
    const value = hexString
      ? undefined
      : new TextDecoder('utf-8', { fatal: false }).decode(Buffer.from(bytes.slice(0, end)));
    values.push({ type, value });
    if (stop !== '+') return values;
  }
};

/** The group name of a group DN: its first RDN's `cn` value, or undefined when it has none. */
export const groupNameOf = (dn: string): string | undefined => {
  const rdn = firstRdn(dn);
  const name = rdn?.find((attribute) => COMMON_NAME.has(attribute.type))?.value;
  return name === undefined || name === '' ? undefined : name;
};
