/**
 * @module data/pagination
 * Pages of lists and leaf-lists (the list pagination drafts' `where`, `sort-by`, `direction`,
 * `offset`, `limit`): their parameters parsed against the schema, and the page cut from an
 * instance. Re-exports only. May import the rooms instance and validation.
 */
export type { ListPage, PageSource } from './list-page.ts';
export { selectPage } from './list-page.ts';
export type { ListPagination, PageDirection, SortKey, WhereFilter } from './list-pagination.ts';
export { parseDirection, parseLimit, parseOffset, parseSortBy, parseWhere, sortLeafOf } from './list-pagination.ts';
