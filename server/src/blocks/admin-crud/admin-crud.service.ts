import type { AppContext } from '../../context'
import { AppError, paramError } from '../../lib/app-error'
import { pageArgs, toPage } from '../../lib/paging'
import { checkStoredUrl } from '../../lib/urls'
import { checkWebsite, sanitizeRichText } from '../../lib/rich-text'
import type { ListQuery } from '@contracts/admin-site'
import { camelCase } from '../../db/rows'
import { columnOf, snake, statusColumn, type CrudDef, type Field } from './crud-def'
import { pick, type AuditNote } from '../../lib/audit-note'
import { AdminCrudRepository } from './admin-crud.repository'

/** an image field: a file of ours; a link: an in-app path or an http(s) URL (lib/urls.ts) */
export function checkUrl(value: unknown, field: string, kind: 'image' | 'link' = 'image'): string | null {
  return checkStoredUrl(typeof value === 'string' ? value : null, field, kind)
}

/** ISO-8601 → canonical UTC text (so string order is time order on both databases); '' / null → null */
export function checkTime(value: unknown, field: string): string | null {
  if (value === null || value === undefined || value === '') return null
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(value)) throw paramError(field)
  const d = new Date(value)
  if (Number.isNaN(d.getTime())) throw paramError(field)
  return d.toISOString()
}

/** A free time window: end after start when both are set (301 field endAt). */
export function checkWindow(values: Record<string, unknown>) {
  const s = values.start_at as string | null
  const e = values.end_at as string | null
  if (s && e && e <= s) throw paramError('endAt')
}

export type Item = Record<string, unknown> & { id: number }

export class AdminCrudService {
  private readonly repo: AdminCrudRepository
  constructor(
    private readonly ctx: AppContext,
    readonly def: CrudDef,
  ) {
    this.repo = new AdminCrudRepository(ctx.db, ctx.dbKind, def)
  }

  private normalize(f: Field, raw: unknown): unknown {
    switch (f.kind) {
      case 'text': {
        const v = typeof raw === 'string' ? raw.trim() : ''
        if (f.required && !v) throw paramError(f.name)
        return v
      }
      case 'rich':
        return sanitizeRichText(typeof raw === 'string' ? raw : '')
      case 'image':
      case 'link': {
        const v = checkUrl(raw, f.name, f.kind)
        if (f.required && !v) throw paramError(f.name)
        return v
      }
      case 'website':
        return checkWebsite(typeof raw === 'string' ? raw : null, f.name)
      case 'time': {
        const v = checkTime(raw, f.name)
        if (f.required && !v) throw paramError(f.name)
        return v
      }
      case 'int':
        return raw === undefined || raw === null ? (f.fallback ?? 0) : Number(raw)
      case 'enum':
        if (raw === undefined || raw === null || raw === '') {
          if (f.required) throw paramError(f.name)
          return null
        }
        return raw
      case 'id': {
        const v = raw === undefined || raw === null || raw === '' || raw === 0 ? null : Number(raw)
        if (f.required && !v) throw paramError(f.name)
        return v
      }
    }
  }

  /** body → column values (every field, in declaration order, so the first bad one is named) */
  private async values(body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const out: Record<string, unknown> = {}
    for (const f of this.def.fields) out[columnOf(f)] = this.normalize(f, body[f.name])
    await this.def.check?.(out, this.ctx)
    return out
  }

  toItem(row: Record<string, unknown>): Item {
    const item: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(row)) {
      if (k === statusColumn(this.def) && this.def.status) item.published = v === this.def.status.on
      else item[camelCase(k)] = v
    }
    return item as Item
  }

  private async items(rows: Record<string, unknown>[]): Promise<Item[]> {
    const items = rows.map((r) => this.toItem(r))
    await this.def.decorate?.(items)
    return items
  }

  private async one(id: number): Promise<Item> {
    const row = await this.repo.find(id)
    if (!row) throw new AppError(302)
    return (await this.items([row]))[0]
  }

  async list(q: ListQuery & Record<string, unknown>) {
    const { page, pageSize, offset } = pageArgs(q)
    const where: Array<[string, unknown]> = []
    for (const name of this.def.filters) {
      const v = q[name]
      if (v === undefined || v === '' || v === null) continue
      if (name === 'published' && this.def.status) where.push([statusColumn(this.def), v === true || v === 'true' ? this.def.status.on : this.def.status.off])
      else {
        const f = this.def.fields.find((x) => x.name === name)
        if (f) where.push([columnOf(f), v])
      }
    }
    const order: Array<[string, 'asc' | 'desc']> = []
    if (q.sortField && this.def.sortFields.includes(q.sortField)) {
      const col = q.sortField === 'published' ? statusColumn(this.def) : snake(q.sortField)
      order.push([col, q.sortOrder === 'desc' ? 'desc' : 'asc'])
    }
    order.push(...this.def.defaultOrder)
    const { rows, total } = await this.repo.list({ keyword: q.keyword?.trim() || undefined, where, order, offset, limit: pageSize })
    return toPage(await this.items(rows), total, page, pageSize)
  }

  private stamp(): string {
    return this.ctx.clock.now().toISOString()
  }

  async add(body: Record<string, unknown>): Promise<Item> {
    const values = await this.values(body)
    const now = this.stamp()
    if (this.def.status) {
      const on = body.published === true
      values[statusColumn(this.def)] = on ? this.def.status.on : this.def.status.off
      const pa = this.def.status.publishedAt
      if (pa && !values[pa]) values[pa] = on ? now : null
    }
    if (this.def.sortable && values.sort === undefined) values.sort = 0
    const id = await this.repo.insert({ ...values, created_at: now, updated_at: now })
    return this.one(id)
  }

  async update(body: Record<string, unknown> & { id: number }, note?: AuditNote): Promise<Item> {
    const before = await this.repo.find(body.id)
    if (!before) throw new AppError(302)
    const values = await this.values(body)
    const pa = this.def.status?.publishedAt
    // a published row keeps a publish time even when the editor cleared it
    if (pa && !values[pa] && before[statusColumn(this.def)] === this.def.status!.on) values[pa] = before[pa] ?? this.stamp()
    await this.repo.update(body.id, { ...values, updated_at: this.stamp() })
    // the changed columns as they were (the row read above) and as they are
    await note?.({ before: { id: body.id, ...pick(before, Object.keys(values)) }, after: { id: body.id, ...values } })
    return this.one(body.id)
  }

  async remove(id: number, note?: AuditNote): Promise<{ id: number }> {
    const before = await this.repo.find(id)
    if (!before) throw new AppError(302)
    await this.def.beforeRemove?.(id, this.ctx)
    if (!(await this.repo.remove(id))) throw new AppError(302)
    await note?.({ before })
    return { id }
  }

  async setStatus(id: number, published: boolean, note?: AuditNote): Promise<Item> {
    const s = this.def.status
    if (!s) throw paramError('published')
    const before = await this.repo.find(id)
    if (!before) throw new AppError(302)
    const values: Record<string, unknown> = { [statusColumn(this.def)]: published ? s.on : s.off, updated_at: this.stamp() }
    if (s.publishedAt && published && !before[s.publishedAt]) values[s.publishedAt] = this.stamp()
    await this.repo.update(id, values)
    await note?.({ before: { id, ...pick(before, Object.keys(values).filter((k) => k !== 'updated_at')) }, after: { id, ...values } })
    return this.one(id)
  }

  async setSort(id: number, sort: number): Promise<Item> {
    if (!this.def.sortable) throw paramError('sort')
    if (!(await this.repo.update(id, { sort, updated_at: this.stamp() }))) throw new AppError(302)
    return this.one(id)
  }
}
