/**
 * @module restconf/yang-patch-status
 * The `ietf-yang-patch:yang-patch-status` reply in JSON or XML: `ok`, the errors of one edit
 * (`edit-status/edit[edit-id]/errors`), or global errors. Error entries have the fields of
 * RFC 8040's `error` (from the ietf-restconf `errors` grouping the module uses).
 * @see RFC 8072 §2.3, §3; RFC 8040 §7.1
 */
import type { ManagementError } from '../errors/index.ts';
import type { NamespaceOf } from '../http/index.ts';
import { errorsJson, errorXml } from '../http/index.ts';
import { escapeXmlText } from '../util/index.ts';
import type { Encoding } from './media-types.ts';
import { YANG_PATCH_NAMESPACE } from './yang-patch-document.ts';

/** What the reply says. */
export type PatchOutcome =
  | { readonly patchId: string; readonly outcome: 'ok' }
  | {
      readonly patchId: string;
      readonly outcome: 'errors';
      readonly errors: readonly ManagementError[];
      /** The edit that failed; global errors when undefined. */
      readonly editId?: string;
    };

/** The yang-patch-status document; `namespaceOf` gives the namespaces that XML error-paths declare. */
export const renderPatchStatus = (encoding: Encoding, outcome: PatchOutcome, namespaceOf?: NamespaceOf): string => {
  if (encoding === 'json') {
    let status: Record<string, unknown>;
    if (outcome.outcome === 'ok') status = { 'patch-id': outcome.patchId, ok: [null] };
    else {
      const errors = { error: errorsJson(outcome.errors) };
      status =
        outcome.editId === undefined
          ? { 'patch-id': outcome.patchId, errors }
          : { 'patch-id': outcome.patchId, 'edit-status': { edit: [{ 'edit-id': outcome.editId, errors }] } };
    }
    return JSON.stringify({ 'ietf-yang-patch:yang-patch-status': status });
  }
  const id = `<patch-id>${escapeXmlText(outcome.patchId)}</patch-id>`;
  let inner: string;
  if (outcome.outcome === 'ok') inner = '<ok/>';
  else {
    const errors = `<errors>${outcome.errors.map((error) => errorXml(error, namespaceOf)).join('')}</errors>`;
    inner =
      outcome.editId === undefined
        ? errors
        : `<edit-status><edit><edit-id>${escapeXmlText(outcome.editId)}</edit-id>${errors}</edit></edit-status>`;
  }
  return `<yang-patch-status xmlns="${YANG_PATCH_NAMESPACE}">${id}${inner}</yang-patch-status>\n`;
};
