/**
 * Service categories (spec: hb_service_category): a bilingual tree, each node answered by a service
 * agent (kefu / auser account). "Linked to business" = a returning-home service (the convenient
 * entrances job hunt / entrepreneurship / technology transfer that open the chat; codes of the
 * site_settings 'repatriation_services' document) is answered by the category: such a category can
 * be neither deleted (602) nor hidden (603). Every refusal changes nothing.
 */
import type { AppContext } from '../../context'
import { AppError } from '../../lib/app-error'
import { parseJson } from '../../lib/json'
import { REPATRIATION_LINK, ServiceCategoryRepository } from './service-category.repository'
import type { BusinessOption, ServiceAgent, ServiceCategoryBody, ServiceCategoryNode } from '@contracts/admin-dictionary'
import type { RepatriationService } from '@contracts/site'

const NAME_MAX = 100

function nameOf(v: unknown, field: string): string {
  const s = typeof v === 'string' ? v.trim() : ''
  if (!s) throw new AppError(605, { field })
  if (s.length > NAME_MAX) throw new AppError(301, { field })
  return s
}

export class ServiceCategoryService {
  private readonly repo: ServiceCategoryRepository
  constructor(private readonly ctx: AppContext) {
    this.repo = new ServiceCategoryRepository(ctx.db)
  }

  private nowIso() {
    return this.ctx.clock.now().toISOString()
  }

  /** the whole tree, or the subtree rooted at `id` (618 when there is none); keyword keeps matches and their ancestors */
  async tree(id?: number, keyword?: string): Promise<{ list: ServiceCategoryNode[] }> {
    const [rows, links] = await Promise.all([this.repo.all(), this.repo.links()])
    const linksOf = new Map<number, string[]>()
    for (const l of links) linksOf.set(l.category_id, [...(linksOf.get(l.category_id) ?? []), `${l.biz_type}:${l.biz_code}`])
    const nodes = new Map<number, ServiceCategoryNode>()
    for (const r of rows) {
      nodes.set(r.id, {
        id: r.id,
        pid: Number(r.pid),
        nameZh: r.name_zh,
        nameEn: r.name_en,
        sort: Number(r.sort),
        hidden: Number(r.hidden) ? 1 : 0,
        agentUserId: r.agent_user_id,
        agentName: r.agent_name ?? null,
        links: linksOf.get(r.id) ?? [],
        children: [],
      })
    }
    const roots: ServiceCategoryNode[] = []
    for (const n of nodes.values()) {
      const parent = n.pid ? nodes.get(n.pid) : undefined
      if (parent) parent.children.push(n)
      else roots.push(n)
    }
    let list = roots
    if (id !== undefined) {
      const start = nodes.get(id)
      if (!start) throw new AppError(618, { field: 'id' })
      list = [start]
    }
    const k = keyword?.trim().toLowerCase()
    if (k) {
      const prune = (ns: ServiceCategoryNode[]): ServiceCategoryNode[] =>
        ns.flatMap((n) => {
          const children = prune(n.children)
          const hit = n.nameZh.toLowerCase().includes(k) || n.nameEn.toLowerCase().includes(k)
          return hit || children.length ? [{ ...n, children: hit ? n.children : children }] : []
        })
      list = prune(list)
    }
    return { list }
  }

  async agents(): Promise<ServiceAgent[]> {
    return (await this.repo.agents()).map((a) => ({ userId: a.id, nickName: a.nick_name, email: a.email }))
  }

  /** the business items a category can be linked to, with the category answering each now */
  async business(): Promise<BusinessOption[]> {
    const doc = parseJson<RepatriationService[]>((await this.repo.repatriationDoc())?.value, [])
    const owner = new Map((await this.repo.links()).filter((l) => l.biz_type === REPATRIATION_LINK).map((l) => [l.biz_code, l.category_id]))
    return doc.map((s) => ({ bizType: REPATRIATION_LINK, bizCode: s.code, titleZh: s.titleZh, titleEn: s.titleEn, categoryId: owner.get(s.code) ?? null }))
  }

  private async checkAgent(v: unknown): Promise<number> {
    if (v === undefined || v === null || v === '' || v === 0) throw new AppError(607, { field: 'agentUserId' })
    const id = Number(v)
    if (!Number.isInteger(id) || id < 1 || !(await this.repo.isAgent(id))) throw new AppError(301, { field: 'agentUserId' })
    return id
  }

  private async checkCodes(codes: string[] | undefined): Promise<string[] | undefined> {
    if (codes === undefined) return undefined
    const known = new Set((await this.business()).map((b) => b.bizCode))
    const unique = [...new Set(codes.map((c) => String(c).trim()))]
    if (unique.some((c) => !known.has(c))) throw new AppError(301, { field: 'repatriationCodes' })
    return unique
  }

  async add(body: ServiceCategoryBody): Promise<{ id: number }> {
    const pid = body.pid ?? 0
    if (pid && !(await this.repo.byId(pid))) throw new AppError(618, { field: 'pid' })
    const nameZh = nameOf(body.nameZh, 'nameZh')
    const nameEn = nameOf(body.nameEn, 'nameEn')
    if (body.sort === undefined || body.sort === null) throw new AppError(606, { field: 'sort' })
    const agent = await this.checkAgent(body.agentUserId)
    const codes = await this.checkCodes(body.repatriationCodes)
    const hidden = body.hidden === 1 ? 1 : 0
    if (hidden && codes?.length) throw new AppError(603, { field: 'hidden' })
    const now = this.nowIso()
    const id = await this.repo.create({ pid, name_zh: nameZh, name_en: nameEn, sort: body.sort!, hidden, agent_user_id: agent, created_at: now, updated_at: now }, codes)
    return { id }
  }

  /** absent fields keep their value; a field sent empty is refused with its code */
  async update(body: ServiceCategoryBody): Promise<{ id: number }> {
    const id = Number(body.id)
    if (!Number.isInteger(id) || id < 1) throw new AppError(618, { field: 'id' })
    const row = await this.repo.byId(id)
    if (!row) throw new AppError(618, { field: 'id' })
    let pid = Number(row.pid)
    if (body.pid !== undefined && body.pid !== pid) {
      pid = body.pid
      if (pid) {
        if (!(await this.repo.byId(pid))) throw new AppError(618, { field: 'pid' })
        // not under itself: walk up from the new parent
        const { list } = await this.tree(id)
        const inside = new Set<number>()
        const walk = (n: ServiceCategoryNode) => (inside.add(n.id), n.children.forEach(walk))
        list.forEach(walk)
        if (inside.has(pid)) throw new AppError(301, { field: 'pid' })
      }
    }
    const nameZh = body.nameZh === undefined ? row.name_zh : nameOf(body.nameZh, 'nameZh')
    const nameEn = body.nameEn === undefined ? row.name_en : nameOf(body.nameEn, 'nameEn')
    if (body.sort === null) throw new AppError(606, { field: 'sort' })
    const sort = body.sort ?? Number(row.sort)
    const agent = body.agentUserId === undefined ? row.agent_user_id : await this.checkAgent(body.agentUserId)
    const codes = await this.checkCodes(body.repatriationCodes)
    const hidden = body.hidden === undefined ? Number(row.hidden) : body.hidden === 1 ? 1 : 0
    if (hidden) {
      if ((await this.repo.children(id)).some((c) => !Number(c.hidden))) throw new AppError(601, { field: 'hidden' })
      const linked = codes !== undefined ? codes.length > 0 : (await this.repo.linkCount(id)) > 0
      if (linked) throw new AppError(603, { field: 'hidden' })
    }
    const now = this.nowIso()
    await this.repo.update(id, { pid, name_zh: nameZh, name_en: nameEn, sort, hidden, agent_user_id: agent, updated_at: now }, codes, now)
    return { id }
  }

  /** checks and delete in one transaction, so a subcategory or link added meanwhile is not orphaned */
  async remove(id: number): Promise<{ id: number }> {
    return this.repo.transaction(async (repo) => {
      if (!(await repo.byId(id))) throw new AppError(618, { field: 'id' })
      if ((await repo.children(id)).length) throw new AppError(600)
      if ((await repo.linkCount(id)) > 0) throw new AppError(602)
      await repo.delete(id)
      return { id }
    })
  }
}
