/**
 * @module test/support/test-schema
 * Test support for every folder: compiles inline YANG texts (plus modules of `models/` and
 * `test/fixtures/yang/` they name) into a SchemaTree. See src/data/test-schema.test-support.ts.
 */
export { testSchema } from '../../src/data/test-schema.test-support.ts';
