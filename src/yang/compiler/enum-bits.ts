/**
 * @module yang/compiler/enum-bits
 * Members of `enumeration` and `bits` types: automatic enum values and bit positions,
 * duplicates, derived types restricting their base's members, and members disabled by
 * `if-feature`.
 * @see RFC 7950 §9.6, §9.7
 */
import type { Statement } from '../statement.ts';
import type { BitMember, EnumMember } from '../type-spec.ts';
import { type CompileContext, report, type Scope, subArgument, subs } from './context.ts';
import { ifFeaturesHold } from './feature.ts';

/**
 * Enum values / bit positions: explicit, else one more than the highest so far (0 first);
 * a derived type may only restrict its base's members. @see RFC 7950 §9.6.4.2, §9.7.4.2
 */
export function compileMembers(
  context: CompileContext,
  statement: Statement,
  scope: Scope,
  parent: readonly EnumMember[],
  derived: boolean,
  keyword: 'enum',
): EnumMember[];
export function compileMembers(
  context: CompileContext,
  statement: Statement,
  scope: Scope,
  parent: readonly BitMember[],
  derived: boolean,
  keyword: 'bit',
): BitMember[];
export function compileMembers(
  context: CompileContext,
  statement: Statement,
  scope: Scope,
  parent: readonly (EnumMember | BitMember)[],
  derived: boolean,
  keyword: 'enum' | 'bit',
): (EnumMember | BitMember)[] {
  const valueKeyword = keyword === 'enum' ? 'value' : 'position';
  const members = subs(statement, keyword);
  if (members.length === 0) {
    if (!derived)
      report(
        context,
        'error',
        'missing-substatement',
        `${keyword === 'enum' ? 'enumeration' : 'bits'} needs "${keyword}"`,
        statement.location,
      );
    return [...parent];
  }
  const memberValueOf = (member: EnumMember | BitMember): number =>
    'value' in member ? member.value : member.position;
  const out: (EnumMember | BitMember)[] = [];
  const names = new Set<string>();
  const values = new Set<number>();
  let next = 0;
  for (const member of members) {
    const name = member.argument ?? '';
    const explicit = subArgument(member, valueKeyword);
    let value: number;
    if (derived) {
      const inherited = parent.find((candidate) => candidate.name === name);
      if (inherited === undefined) {
        report(
          context,
          'error',
          `${keyword}-not-in-base`,
          `${keyword} "${name}" is not in the base type`,
          member.location,
        );
        continue;
      }
      value = memberValueOf(inherited);
      if (explicit !== undefined && Number(explicit) !== value) {
        report(
          context,
          'error',
          `${keyword}-not-in-base`,
          `${keyword} "${name}" changes its ${valueKeyword}`,
          member.location,
        );
      }
    } else {
      value = explicit === undefined ? next : Number(explicit);
      if (explicit === undefined && (keyword === 'enum' ? value > 2147483647 : value > 4294967295)) {
        report(
          context,
          'error',
          `invalid-${keyword}-${valueKeyword}`,
          `no ${valueKeyword} left for ${keyword} "${name}"`,
          member.location,
        );
      }
    }
    if (names.has(name)) {
      report(context, 'error', `duplicate-${keyword}`, `duplicate ${keyword} "${name}"`, member.location);
      continue;
    }
    if (values.has(value)) {
      report(
        context,
        'error',
        `duplicate-${keyword}-${valueKeyword}`,
        `duplicate ${valueKeyword} ${value} of ${keyword} "${name}"`,
        member.location,
      );
      continue;
    }
    names.add(name);
    values.add(value);
    next = Math.max(next, value + 1);
    if (!ifFeaturesHold(context, scope.file, member)) continue;
    out.push(keyword === 'enum' ? { name, value } : { name, position: value });
  }
  if (keyword === 'bit') out.sort((a, b) => memberValueOf(a) - memberValueOf(b));
  return out;
}
