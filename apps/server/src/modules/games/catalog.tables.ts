/** The game catalog's tables (migration 0045). */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by the catalog work.
export interface CatalogTables {}
