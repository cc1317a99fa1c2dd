/**
 * Dictionaries (dict_types / dict_items): categories, countries, degrees … as OptionItem (the type
 * codes the server relies on are DICT in db/schema); the admin editing (types and options, one payload
 * told apart by `kind`) and the public POST /dict/info/tree/dict.
 */
import type { AppContext } from '../../context'
import { camelRow } from '../../db/rows'
import { AppError } from '../../lib/app-error'
import { pageArgs, toPage, type PageQuery } from '../../lib/paging'
import type { Lang } from '@contracts/error-codes'
import { DictionaryRepository, type ItemSortField, type SortOrder, type TypeSortField } from './dictionary.repository'
import type { OptionItem } from '@contracts/api'
import {
  SYSTEM_DICT_TYPES,
  type DictItemRow,
  type DictSaveBody,
  type DictTreeItem,
  type DictTypeRow,
} from '@contracts/admin-dictionary'

const CODE = /^[A-Za-z0-9_-]{1,50}$/
const I18N_KEY = /^[A-Za-z0-9_.-]{1,100}$/

type ItemRowDb = { id: number; type_code: string; code: string; name_zh: string; name_en: string; internationalize_key: string | null; sort: number; status: number; updated_at: string }

function itemOut(r: ItemRowDb): DictItemRow {
  return {
    ...camelRow(r, ['id', 'type_code', 'code', 'name_zh', 'name_en', 'internationalize_key']),
    sort: Number(r.sort),
    status: Number(r.status) ? 1 : 0,
    updatedAt: r.updated_at,
  }
}

/** a required bilingual name: trimmed, 1..100 characters, else 301 naming the field */
function nameOf(v: unknown, field: string): string {
  const s = typeof v === 'string' ? v.trim() : ''
  if (!s || s.length > 100) throw new AppError(301, { field })
  return s
}

export class DictionaryService {
  private readonly repo: DictionaryRepository
  constructor(private readonly ctx: AppContext) {
    this.repo = new DictionaryRepository(ctx.db)
  }

  private nowIso() {
    return this.ctx.clock.now().toISOString()
  }

  async options(typeCode: string): Promise<OptionItem[]> {
    return (await this.repo.items(typeCode)).map((r) => ({ code: r.code, nameZh: r.name_zh, nameEn: r.name_en }))
  }

  /** code → OptionItem for the given codes; unknown codes answer themselves as names. */
  async lookup(typeCode: string, codes: Array<string | null | undefined>): Promise<(code: string | null | undefined) => OptionItem | null> {
    const wanted = codes.filter((c): c is string => !!c)
    const map = new Map((await this.repo.itemsOf(typeCode, wanted)).map((r) => [r.code, { code: r.code, nameZh: r.name_zh, nameEn: r.name_en }]))
    return (code) => (code ? (map.get(code) ?? { code, nameZh: code, nameEn: code }) : null)
  }

  // ---------------------------------------------------------------- public tree

  /** POST /dict/info/tree/dict: the enabled options of a type (flat dictionaries: children are empty). */
  async tree(categoryCode: string, lang: Lang): Promise<DictTreeItem[]> {
    if (!(await this.repo.typeByCode(categoryCode))) throw new AppError(302)
    return (await this.repo.treeItems(categoryCode)).map((r) => ({
      id: r.id,
      dictCode: r.code,
      dictName: (lang === 'en' ? r.name_en || r.name_zh : r.name_zh || r.name_en) ?? '',
      nameZh: r.name_zh,
      nameEn: r.name_en,
      internationalizeKey: r.internationalize_key,
      children: [],
    }))
  }

  // ---------------------------------------------------------------- admin lists

  async typeList(q: PageQuery & { keyword?: string; sortField?: TypeSortField; sortOrder?: SortOrder }) {
    const { page, pageSize, offset } = pageArgs(q)
    const { rows, total } = await this.repo.typePage({
      keyword: q.keyword?.trim() || undefined,
      sortField: q.sortField ?? 'id',
      sortOrder: q.sortOrder ?? 'asc',
      offset,
      limit: pageSize,
    })
    const list: DictTypeRow[] = rows.map((r) => ({
      id: r.id,
      code: r.code,
      nameZh: r.name_zh,
      nameEn: r.name_en,
      itemCount: Number(r.item_count ?? 0),
      system: (SYSTEM_DICT_TYPES as readonly string[]).includes(r.code),
      updatedAt: r.updated_at,
    }))
    return toPage(list, total, page, pageSize)
  }

  async itemList(q: PageQuery & { typeCode: string; keyword?: string; status?: number; sortField?: ItemSortField; sortOrder?: SortOrder }) {
    if (!(await this.repo.typeByCode(q.typeCode))) throw new AppError(302)
    const { page, pageSize, offset } = pageArgs(q)
    const { rows, total } = await this.repo.itemPage({
      typeCode: q.typeCode,
      keyword: q.keyword?.trim() || undefined,
      status: q.status,
      sortField: q.sortField ?? 'sort',
      sortOrder: q.sortOrder ?? 'asc',
      offset,
      limit: pageSize,
    })
    return toPage(rows.map(itemOut), total, page, pageSize)
  }

  // ---------------------------------------------------------------- admin writes

  async add(body: DictSaveBody): Promise<{ id: number }> {
    const now = this.nowIso()
    if (body.kind === 'type') {
      const code = String(body.code ?? '').trim()
      if (!CODE.test(code)) throw new AppError(301, { field: 'code' })
      const v = { code, name_zh: nameOf(body.nameZh, 'nameZh'), name_en: nameOf(body.nameEn, 'nameEn') }
      if (await this.repo.typeByCode(code)) throw new AppError(301, { field: 'code' })
      return { id: (await this.repo.insertType(v, now)).id }
    }
    const typeCode = String(body.typeCode ?? '')
    if (!(await this.repo.typeByCode(typeCode))) throw new AppError(301, { field: 'typeCode' })
    const code = String(body.code ?? '').trim()
    if (!CODE.test(code)) throw new AppError(301, { field: 'code' })
    const v = this.itemValues(body)
    if (await this.repo.itemByCode(typeCode, code)) throw new AppError(301, { field: 'code' })
    const sort = body.sort ?? (await this.repo.maxSort(typeCode)) + 10
    return { id: (await this.repo.insertItem({ type_code: typeCode, code, ...v, sort }, now)).id }
  }

  async update(body: DictSaveBody): Promise<{ id: number }> {
    const id = Number(body.id)
    if (!Number.isInteger(id) || id < 1) throw new AppError(301, { field: 'id' })
    const now = this.nowIso()
    if (body.kind === 'type') {
      const row = await this.repo.typeById(id)
      if (!row) throw new AppError(302)
      if (body.code !== undefined && String(body.code).trim() !== row.code) throw new AppError(301, { field: 'code' })
      await this.repo.updateType(id, { name_zh: nameOf(body.nameZh, 'nameZh'), name_en: nameOf(body.nameEn, 'nameEn') }, now)
      return { id }
    }
    const row = await this.repo.itemById(id)
    if (!row) throw new AppError(302)
    if (body.typeCode !== undefined && body.typeCode !== row.type_code) throw new AppError(301, { field: 'typeCode' })
    if (body.code !== undefined && String(body.code).trim() !== row.code) throw new AppError(301, { field: 'code' })
    // absent key / status / sort keep their value (a status toggle sends only what changes)
    const v = this.itemValues({
      ...body,
      internationalizeKey: body.internationalizeKey === undefined ? row.internationalize_key : body.internationalizeKey,
      status: body.status === undefined ? (Number(row.status) ? 1 : 0) : body.status,
    })
    await this.repo.updateItem(id, { ...v, sort: body.sort ?? Number(row.sort) }, now)
    return { id }
  }

  private itemValues(body: Extract<DictSaveBody, { kind: 'item' }>) {
    const key = typeof body.internationalizeKey === 'string' ? body.internationalizeKey.trim() : ''
    if (key && !I18N_KEY.test(key)) throw new AppError(301, { field: 'internationalizeKey' })
    if (body.sort !== undefined && (!Number.isInteger(body.sort) || body.sort < 0 || body.sort > 1_000_000)) throw new AppError(301, { field: 'sort' })
    return {
      name_zh: nameOf(body.nameZh, 'nameZh'),
      name_en: nameOf(body.nameEn, 'nameEn'),
      internationalize_key: key || null,
      status: body.status === 0 ? 0 : 1,
    }
  }

  /** a type with options, or one the product reads, is refused (301 naming why); nothing changes */
  async remove(kind: 'type' | 'item', id: number): Promise<{ id: number }> {
    if (kind === 'type') {
      const row = await this.repo.typeById(id)
      if (!row) throw new AppError(302)
      if ((SYSTEM_DICT_TYPES as readonly string[]).includes(row.code)) throw new AppError(301, { field: 'code' })
      if ((await this.repo.itemCount(row.code)) > 0) throw new AppError(301, { field: 'items' })
      await this.repo.deleteType(id)
      return { id }
    }
    if (!(await this.repo.itemById(id))) throw new AppError(302)
    await this.repo.deleteItem(id)
    return { id }
  }

  async reorder(typeCode: string, ids: number[]): Promise<{ ids: number[] }> {
    const unique = [...new Set(ids)]
    if (!unique.length || unique.length !== ids.length) throw new AppError(301, { field: 'ids' })
    const found = await this.repo.itemIdsOf(typeCode, unique)
    if (found.length !== unique.length) throw new AppError(301, { field: 'ids' })
    await this.repo.reorder(typeCode, unique, this.nowIso())
    return { ids: unique }
  }
}
