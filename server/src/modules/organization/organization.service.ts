import type { AdminAccess, AppContext } from '../../context'
import { AppError, paramError } from '../../lib/app-error'
import { OrganizationRepository } from './organization.repository'

type Row = NonNullable<Awaited<ReturnType<OrganizationRepository['findById']>>>

export interface OrganizationUpdate {
  nameZh?: string
  nameEn?: string
  logoUrl?: string | null
  introZh?: string | null
  introEn?: string | null
  website?: string | null
}

export interface DepartmentNode {
  id: number
  pid: number
  nameZh: string
  nameEn: string
  children: DepartmentNode[]
}

function toDto(o: Row) {
  return {
    id: o.id,
    pid: o.pid,
    nameZh: o.name_zh,
    nameEn: o.name_en,
    logoUrl: o.logo_url,
    introZh: o.intro_zh,
    introEn: o.intro_en,
    website: o.website,
  }
}

export class OrganizationService {
  private readonly repo: OrganizationRepository
  constructor(private readonly ctx: AppContext) {
    this.repo = new OrganizationRepository(ctx.db)
  }

  /** The organisation tree; organizer-scoped roles see only their own organisations' subtrees. */
  async departmentTree(access: AdminAccess): Promise<DepartmentNode[]> {
    const rows = await this.repo.all()
    const nodes = new Map<number, DepartmentNode>()
    for (const r of rows) nodes.set(r.id, { id: r.id, pid: r.pid, nameZh: r.name_zh, nameEn: r.name_en, children: [] })
    const roots: DepartmentNode[] = []
    for (const n of nodes.values()) {
      const parent = n.pid ? nodes.get(n.pid) : undefined
      if (parent) parent.children.push(n)
      else roots.push(n)
    }
    if (access.dataScope === 'all') return roots
    return access.organizationIds.map((id) => nodes.get(id)).filter((n): n is DepartmentNode => !!n)
  }

  private ownOrganizationId(access: AdminAccess): number {
    const id = access.organizationIds[0]
    if (!id) throw new AppError(302)
    return id
  }

  async current(access: AdminAccess) {
    const org = await this.repo.findById(this.ownOrganizationId(access))
    if (!org) throw new AppError(302)
    return toDto(org)
  }

  async update(body: OrganizationUpdate, access: AdminAccess) {
    const id = this.ownOrganizationId(access)
    const patch: Parameters<OrganizationRepository['update']>[1] = {}
    const text = (v: unknown, field: string, max: number, required = false) => {
      const s = String(v ?? '').trim()
      if (required && !s) throw paramError(field)
      if (s.length > max) throw paramError(field)
      return s
    }
    if (body.nameZh !== undefined) patch.name_zh = text(body.nameZh, 'nameZh', 100, true)
    if (body.nameEn !== undefined) patch.name_en = text(body.nameEn, 'nameEn', 200, true)
    if (body.logoUrl !== undefined) patch.logo_url = text(body.logoUrl, 'logoUrl', 500) || null
    if (body.introZh !== undefined) patch.intro_zh = text(body.introZh, 'introZh', 5000) || null
    if (body.introEn !== undefined) patch.intro_en = text(body.introEn, 'introEn', 10000) || null
    if (body.website !== undefined) {
      const w = text(body.website, 'website', 500)
      // spec section 5: the website must start with http:// (https:// accepted too)
      if (w && !/^https?:\/\/\S+$/.test(w)) throw paramError('website')
      patch.website = w || null
    }
    await this.repo.update(id, patch, this.ctx.clock.now().toISOString())
    return toDto((await this.repo.findById(id))!)
  }
}
