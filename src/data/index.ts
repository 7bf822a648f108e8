/**
 * @module data
 * See DESIGN §3 for this folder's responsibility and allowed imports.
 */
export {};
