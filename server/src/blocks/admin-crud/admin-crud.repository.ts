import type { ExpressionBuilder, Kysely } from 'kysely'
import type { Database, DbKind } from '../../db/database'
import { likeAny } from '../../db/keyword-match'
import type { CrudDef } from './crud-def'

export interface CrudListArgs {
  keyword?: string
  /** column → value equality filters */
  where: Array<[string, unknown]>
  order: Array<[string, 'asc' | 'desc']>
  offset: number
  limit: number
}

type Row = Record<string, unknown> & { id: number }

/** Table-generic reads and writes of one CrudDef (the tables differ only in their columns). */
export class AdminCrudRepository {
  private readonly db: Kysely<any>
  constructor(
    db: Database,
    private readonly kind: DbKind,
    private readonly def: CrudDef,
  ) {
    this.db = db as unknown as Kysely<any>
  }

  private filtered(a: Pick<CrudListArgs, 'keyword' | 'where'>) {
    let q = this.db.selectFrom(this.def.table).where(this.inScope())
    for (const [col, v] of a.where) q = q.where(col, '=', v)
    if (a.keyword) q = q.where(likeAny(this.kind, this.def.searchColumns, a.keyword))
    return q
  }

  async list(a: CrudListArgs): Promise<{ rows: Row[]; total: number }> {
    let q = this.filtered(a).selectAll()
    for (const [col, dir] of a.order) q = q.orderBy(col, dir)
    const [rows, count] = await Promise.all([
      q.orderBy('id', 'desc').limit(a.limit).offset(a.offset).execute(),
      this.filtered(a).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ])
    return { rows: rows as Row[], total: Number(count?.n ?? 0) }
  }

  /** the rows of the type: its scope's column values (every row when it has none) */
  private inScope() {
    const scope = Object.entries(this.def.scope ?? {})
    return (eb: ExpressionBuilder<any, any>) => eb.and(scope.map(([col, v]) => eb(col, '=', v)))
  }

  find(id: number): Promise<Row | undefined> {
    return this.db.selectFrom(this.def.table).selectAll().where('id', '=', id).where(this.inScope()).executeTakeFirst() as Promise<Row | undefined>
  }

  async insert(values: Record<string, unknown>): Promise<number> {
    const r = await this.db.insertInto(this.def.table).values({ ...values, ...this.def.scope }).returning('id').executeTakeFirstOrThrow()
    return Number(r.id)
  }

  async update(id: number, values: Record<string, unknown>): Promise<boolean> {
    const r = await this.db.updateTable(this.def.table).set(values).where('id', '=', id).where(this.inScope()).executeTakeFirst()
    return Number(r.numUpdatedRows) > 0
  }

  async remove(id: number): Promise<boolean> {
    const r = await this.db.deleteFrom(this.def.table).where('id', '=', id).where(this.inScope()).executeTakeFirst()
    return Number(r.numDeletedRows) > 0
  }
}
