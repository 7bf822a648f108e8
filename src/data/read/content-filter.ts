/**
 * @module data/read/content-filter
 * Which nodes a `content` filter keeps: `config` drops state data; `nonconfig` keeps state data,
 * the containers and lists that lead to it, and the keys of the list entries on the way.
 * @see RFC 8040 §4.8.1
 */

import type { DataSchemaNode } from '../instance/index.ts';
import { slotTableOf } from '../instance/index.ts';
import type { ContentFilter } from './read-options.ts';

const HAS_STATE = new WeakMap<DataSchemaNode, boolean>();

/** True when `node` is state data or has state data below it. @see RFC 7950 §7.21.1 */
export const hasStateData = (node: DataSchemaNode): boolean => {
  if (!node.config) return true;
  if (node.kind !== 'container' && node.kind !== 'list') return false;
  let result = HAS_STATE.get(node);
  if (result === undefined) {
    result = slotTableOf(node).nodes.some(hasStateData);
    HAS_STATE.set(node, result);
  }
  return result;
};

/** True when the filter drops `node` (a list key is kept whenever its entry is). @see RFC 8040 §4.8.1 */
export const isFilteredOut = (node: DataSchemaNode, content: ContentFilter, isKey: boolean): boolean => {
  switch (content) {
    case 'all':
      return false;
    case 'config':
      return !node.config;
    case 'nonconfig':
      return !isKey && !hasStateData(node);
  }
};
