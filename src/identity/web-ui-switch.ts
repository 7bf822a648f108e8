/**
 * @module identity/web-ui-switch
 * Whether the configuration turns the admin web UI on: the presence container
 * `environments/environment/admin-service/http/web-ui`. Read at each request, so the commit that
 * creates or deletes it takes effect at once.
 */
import type { DataTree, InstancePath } from '../data/index.ts';
import { isInstanceStored } from '../data/index.ts';
import type { SchemaTree } from '../yang/index.ts';
import { instancePathOf } from './model-paths.ts';

/** The schema path of the switch. */
export const WEB_UI_CONTAINER = '/base:environments/environment/admin-service/http/web-ui';

/** A test of `root` for the switch; always false when the schema has no such node. */
export const webUiSwitch = (schema: SchemaTree): ((root: DataTree) => boolean) => {
  let path: InstancePath;
  try {
    path = instancePathOf(schema, WEB_UI_CONTAINER);
  } catch {
    return () => false;
  }
  return (root) => isInstanceStored(root, path);
};
