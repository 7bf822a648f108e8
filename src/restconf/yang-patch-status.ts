/**
 * @module restconf/yang-patch-status
 * The `ietf-yang-patch:yang-patch-status` reply in JSON or XML: `ok`, the errors of one edit
 * (`edit-status/edit[edit-id]/errors`), or global errors. Error entries have the fields of
 * RFC 8040's `error` (from the ietf-restconf `errors` grouping the module uses).
 * @see RFC 8072 §2.3, §3; RFC 8040 §7.1
 */
import type { ManagementError } from '../errors/index.ts';
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

const errorJson = (error: ManagementError): Record<string, unknown> => ({
  'error-type': error.type,
  'error-tag': error.tag,
  ...(error.appTag === undefined ? {} : { 'error-app-tag': error.appTag }),
  ...(error.path === undefined ? {} : { 'error-path': error.path }),
  'error-message': error.message,
  ...(error.info === undefined ? {} : { 'error-info': error.info }),
});

const errorXml = (error: ManagementError): string =>
  `<error><error-type>${error.type}</error-type><error-tag>${error.tag}</error-tag>${
    error.appTag === undefined ? '' : `<error-app-tag>${escapeXmlText(error.appTag)}</error-app-tag>`
  }${error.path === undefined ? '' : `<error-path>${escapeXmlText(error.path)}</error-path>`}<error-message>${escapeXmlText(
    error.message,
  )}</error-message>${
    error.info === undefined
      ? ''
      : `<error-info>${Object.entries(error.info)
          .map(([name, value]) => `<${name}>${escapeXmlText(value)}</${name}>`)
          .join('')}</error-info>`
  }</error>`;

/** The yang-patch-status document. */
export const renderPatchStatus = (encoding: Encoding, outcome: PatchOutcome): string => {
  if (encoding === 'json') {
    let status: Record<string, unknown>;
    if (outcome.outcome === 'ok') status = { 'patch-id': outcome.patchId, ok: [null] };
    else {
      const errors = { error: outcome.errors.map(errorJson) };
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
    const errors = `<errors>${outcome.errors.map(errorXml).join('')}</errors>`;
    inner =
      outcome.editId === undefined
        ? errors
        : `<edit-status><edit><edit-id>${escapeXmlText(outcome.editId)}</edit-id>${errors}</edit></edit-status>`;
  }
  return `<yang-patch-status xmlns="${YANG_PATCH_NAMESPACE}">${id}${inner}</yang-patch-status>\n`;
};
