/**
 * Keyword matching shared by every list and GET /search/all. A keyword is matched as a substring of
 * the table's bilingual title/name or summary/intro (SEARCH_TABLES), case-insensitively:
 * - SQLite, keyword of 3+ characters: the trigram FTS5 index (`<table>_fts MATCH '"kw"'`, a phrase of
 *   trigrams = the same substring semantics as LIKE);
 * - SQLite, 1–2 characters (e.g. 人才): trigram cannot index them, so LIKE '%kw%' on the same columns;
 * - PostgreSQL: ILIKE '%kw%', served by the pg_trgm GIN indexes for 3+ characters.
 * Both paths answer the same rows, so the fallback stays correct.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely'
import type { DbKind } from './database'
import type { DB } from './schema'

/**
 * table → searchable columns. Migration 2026-11-22-0002 built the FTS tables and trigram indexes over
 * these columns and keeps its own frozen copy; a change here needs a migration that reindexes.
 */
export const SEARCH_TABLES = {
  activities: ['title_zh', 'title_en', 'summary_zh', 'summary_en'],
  topics: ['title_zh', 'title_en', 'summary_zh', 'summary_en'],
  information: ['title_zh', 'title_en', 'summary_zh', 'summary_en'],
  policies: ['title_zh', 'title_en', 'summary_zh', 'summary_en'],
  organizations: ['name_zh', 'name_en', 'intro_zh', 'intro_en'],
  platforms: ['name_zh', 'name_en', 'intro_zh', 'intro_en'],
  jobs: ['title_zh', 'title_en', 'description_zh', 'description_en'],
  roadshow_projects: ['title_zh', 'title_en', 'summary_zh', 'summary_en'],
} as const

export type SearchTable = keyof typeof SEARCH_TABLES

/**
 * The keyword as a plain search term: control characters (NUL breaks PostgreSQL and FTS5) and lone
 * surrogates dropped, whitespace trimmed. It then reaches FTS5 only inside one quoted phrase and
 * LIKE/ILIKE only escaped, so no FTS operator (NEAR, OR, *, ^, column:) or LIKE wildcard is ever read.
 */
export function safeSearchTerm(keyword: string): string {
  return keyword
    // eslint-disable-next-line no-control-regex -- dropping control characters is the point
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '')
    .trim()
}

export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`)
}

/** `keyword` as a case-insensitive substring of any of `columns` (LIKE on SQLite, ILIKE on PostgreSQL) */
export function likeAny(kind: DbKind, columns: readonly string[], keyword: string): RawBuilder<boolean> {
  const op = sql.raw(kind === 'postgres' ? 'ilike' : 'like')
  const pattern = `%${escapeLike(safeSearchTerm(keyword))}%`
  const parts = columns.map((c) => sql`${sql.ref(c)} ${op} ${pattern} escape '\\'`)
  return sql<boolean>`(${sql.join(parts, sql` or `)})`
}

/** A boolean SQL expression: row `<alias>.id` matches `keyword` (already trimmed, non-empty). */
export function keywordMatch(
  kind: DbKind,
  table: SearchTable,
  alias: string,
  keyword: string,
  /**
   * SQLite: the keyword matches many rows (thousands), so let the ORDER BY index drive and probe the
   * FTS match set (`+id` keeps the planner from driving by the match set and sorting all of it).
   */
  dense = false,
): RawBuilder<boolean> {
  keyword = safeSearchTerm(keyword)
  const idRef = sql.ref(`${alias}.id`)
  if (kind === 'sqlite' && [...keyword].length >= 3) {
    const fts = sql.table(`${table}_fts`)
    const phrase = `"${keyword.replace(/"/g, '""')}"`
    return dense
      ? sql<boolean>`+${idRef} in (select rowid from ${fts} where ${fts} match ${phrase})`
      : sql<boolean>`${idRef} in (select rowid from ${fts} where ${fts} match ${phrase})`
  }
  return likeAny(kind, SEARCH_TABLES[table].map((c) => `${alias}.${c}`), keyword)
}

/** A repository of tables searched by keyword: the database (or its transaction) and the kind that picks the matching SQL. */
export abstract class KeywordRepository {
  constructor(
    protected readonly db: Kysely<DB>,
    protected readonly kind: DbKind,
  ) {}

  /** row `<alias>.id` of `table` matches `keyword` (see keywordMatch) */
  protected matches(table: SearchTable, alias: string, keyword: string, dense = false): RawBuilder<boolean> {
    return keywordMatch(this.kind, table, alias, keyword, dense)
  }
}
