/**
 * @module restconf/restconf-error-renderer
 * The error renderer of the RESTCONF routes: the `ietf-restconf:errors` document of
 * `http/errors-document.ts`, whose XML error-paths declare the namespaces of the schema's modules.
 * @see RFC 8040 §7.1
 */
import type { ErrorRenderer, NamespaceOf } from '../http/index.ts';
import { restconfErrorRenderer } from '../http/index.ts';
import type { SchemaTree } from '../yang/index.ts';

/** The XML namespace of each of the schema's modules, by module name. */
export const namespaceOfModule =
  (schema: SchemaTree): NamespaceOf =>
  (module) =>
    schema.modules.get(module)?.namespace;

/** The RESTCONF error renderer for `schema`. */
export const restconfErrorRendererFor = (schema: SchemaTree): ErrorRenderer =>
  restconfErrorRenderer(namespaceOfModule(schema));
