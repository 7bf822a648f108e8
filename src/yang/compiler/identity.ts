/**
 * @module yang/compiler/identity
 * Identities: one object per identity, bases resolved across modules (several bases allowed
 * in YANG 1.1), cycles in the derivation graph diagnosed.
 * @see RFC 7950 §7.18
 */
import type { Identity } from '../type-spec.ts';
import {
  type CompileContext,
  moduleContextOfPrefix,
  moduleOfPrefix,
  report,
  type SourceFile,
  splitQualifiedName,
  subs,
} from './context.ts';

/** A mutable identity while its bases are being resolved. */
interface IdentityDraft {
  readonly module: string;
  readonly name: string;
  readonly bases: Identity[];
}

/** Resolves a (possibly prefixed) identity name from a file. */
export const lookupIdentity = (
  context: CompileContext,
  file: SourceFile,
  text: string,
): Identity | undefined | 'unknown-prefix' => {
  const { prefix, name } = splitQualifiedName(text);
  const moduleName = moduleOfPrefix(file, prefix);
  if (moduleName === undefined) return 'unknown-prefix';
  return moduleContextOfPrefix(context, file, prefix)?.identities.get(name);
};

/** Creates every identity and resolves its bases; reports unknown bases and cycles. @see RFC 7950 §7.18.2 */
export const resolveIdentities = (context: CompileContext): void => {
  for (const module of context.modules.values()) {
    for (const name of module.identityStatements.keys()) {
      const draft: IdentityDraft = { module: module.name, name, bases: [] };
      module.identities.set(name, draft);
    }
  }
  for (const module of context.modules.values()) {
    for (const [name, { statement, file }] of module.identityStatements) {
      const identity = module.identities.get(name) as IdentityDraft;
      for (const base of subs(statement, 'base')) {
        const found = lookupIdentity(context, file, base.argument ?? '');
        if (found === 'unknown-prefix') {
          report(context, 'error', 'unknown-prefix', `unknown prefix in base "${base.argument ?? ''}"`, base.location);
        } else if (found === undefined) {
          report(context, 'error', 'unknown-identity', `unknown base identity "${base.argument ?? ''}"`, base.location);
        } else identity.bases.push(found);
      }
    }
  }
  const state = new Map<Identity, 'visiting' | 'done'>();
  const visit = (identity: Identity): boolean => {
    const current = state.get(identity);
    if (current === 'done') return false;
    if (current === 'visiting') return true;
    state.set(identity, 'visiting');
    const cyclic = identity.bases.some(visit);
    state.set(identity, 'done');
    return cyclic;
  };
  for (const module of context.modules.values()) {
    for (const [name, identity] of module.identities) {
      if (state.has(identity)) continue;
      if (visit(identity)) {
        const location = module.identityStatements.get(name)?.statement.location;
        if (location !== undefined) {
          report(context, 'error', 'circular-identity', `identity "${name}" is derived from itself`, location);
        }
        (identity as IdentityDraft).bases.length = 0;
      }
    }
  }
};

/** True when `identity` is derived (directly or not) from `base`. @see RFC 7950 §10.4.2 */
export const isDerivedFrom = (identity: Identity, base: Identity): boolean =>
  identity.bases.some((direct) => direct === base || isDerivedFrom(direct, base));
