/** Issue 5 (site admin area): row types of this area's new tables, merged into DB in schema.ts. */
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface AdminSiteTables {}
