import crypto from 'node:crypto'
import type { AdminAccess, AppContext } from '../../context'
import { camelRow } from '../../db/rows'
import { AppError, paramError } from '../../lib/app-error'
import { pageArgs, toPage, type PageQuery } from '../../lib/paging'
import { checkWebsite, sanitizeRichText } from '../../lib/rich-text'
import { checkStoredUrl } from '../../lib/urls'
import { OrganizationRepository, type OrgPageFilter, type OrgPatch } from './organization.repository'
import type {
  DepartmentNode,
  OrganizationDetail,
  OrganizationEditBody,
  OrganizationInvite,
  OrganizationInviteInfo,
  OrganizationListItem,
} from '@contracts/admin-system'

type Row = NonNullable<Awaited<ReturnType<OrganizationRepository['findById']>>>

export interface OrganizationUpdate {
  nameZh?: string
  nameEn?: string
  logoUrl?: string | null
  introZh?: string | null
  introEn?: string | null
  website?: string | null
}

export type OrganizationPageQuery = PageQuery & {
  keyword?: string
  kind?: 'organizer' | 'place'
  sortField?: 'id' | 'nameZh' | 'createdAt' | 'sort'
  sortOrder?: 'asc' | 'desc'
}

/** Invitation links stay valid for a week. */
export const INVITE_TTL_MS = 7 * 24 * 3600 * 1000
export const REGISTER_PATH = '/admin/admRegister'

const toDto = (o: Row) => camelRow(o, ['id', 'pid', 'name_zh', 'name_en', 'logo_url', 'intro_zh', 'intro_en', 'website'])

function toDetail(o: Row): OrganizationDetail {
  return { ...toDto(o), ...camelRow(o, ['kind', 'created_at', 'content_zh', 'content_en']) }
}

const SORT: Record<NonNullable<OrganizationPageQuery['sortField']>, OrgPageFilter['sort']> = { id: 'id', nameZh: 'name_zh', createdAt: 'created_at', sort: 'sort' }

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

  private patchOf(body: OrganizationUpdate & { contentZh?: string; contentEn?: string }): OrgPatch {
    const patch: OrgPatch = {}
    const text = (v: unknown, field: string, max: number, required = false) => {
      const s = String(v ?? '').trim()
      if (required && !s) throw paramError(field)
      if (s.length > max) throw paramError(field)
      return s
    }
    if (body.nameZh !== undefined) patch.name_zh = text(body.nameZh, 'nameZh', 100, true)
    if (body.nameEn !== undefined) patch.name_en = text(body.nameEn, 'nameEn', 200, true)
    if (body.logoUrl !== undefined) patch.logo_url = checkStoredUrl(text(body.logoUrl, 'logoUrl', 500), 'logoUrl', 'image')
    if (body.introZh !== undefined) patch.intro_zh = text(body.introZh, 'introZh', 5000) || null
    if (body.introEn !== undefined) patch.intro_en = text(body.introEn, 'introEn', 10000) || null
    // spec section 5: the website must start with http:// (https:// accepted too)
    if (body.website !== undefined) patch.website = checkWebsite(text(body.website, 'website', 500))
    if (body.contentZh !== undefined) patch.content_zh = sanitizeRichText(body.contentZh)
    if (body.contentEn !== undefined) patch.content_en = sanitizeRichText(body.contentEn)
    return patch
  }

  async update(body: OrganizationUpdate, access: AdminAccess) {
    const id = this.ownOrganizationId(access)
    const patch = this.patchOf(body)
    await this.repo.update(id, patch, this.ctx.clock.now().toISOString())
    return toDto((await this.repo.findById(id))!)
  }

  // ---- operations: organisation users ('system/ouser/list') -------------------------------------

  /** An organisation within the caller's data permission, else 302. */
  private async visible(id: number, access: AdminAccess) {
    const org = await this.repo.findById(id)
    if (!org || (access.dataScope === 'org' && !access.organizationIds.includes(id))) throw new AppError(302)
    return org
  }

  async page(q: OrganizationPageQuery, access: AdminAccess) {
    const { page, pageSize, offset } = pageArgs(q)
    if (access.dataScope === 'org') {
      // organisation-scoped callers only ever see their own rows: filter in memory (a handful)
      const own = (await Promise.all(access.organizationIds.map((id) => this.repo.findById(id)))).filter((o): o is Row => !!o)
      return this.withAccounts(toPage(own.slice(offset, offset + pageSize), own.length, page, pageSize))
    }
    const { rows, total } = await this.repo.page({
      keyword: q.keyword?.trim() || undefined,
      kind: q.kind,
      sort: SORT[q.sortField ?? 'id'],
      order: q.sortOrder ?? 'asc',
      offset,
      limit: pageSize,
    })
    return this.withAccounts(toPage(rows, total, page, pageSize))
  }

  private async withAccounts(p: { list: Array<Pick<Row, 'id' | 'pid' | 'name_zh' | 'name_en' | 'logo_url' | 'website' | 'kind' | 'created_at'>>; total: number; page: number; pageSize: number }) {
    const accounts = await this.repo.organizerAccounts(p.list.map((o) => o.id))
    const list: OrganizationListItem[] = p.list.map((o) => ({
      id: o.id,
      pid: o.pid,
      nameZh: o.name_zh,
      nameEn: o.name_en,
      logoUrl: o.logo_url,
      website: o.website,
      kind: o.kind,
      createdAt: o.created_at,
      accounts: accounts
        .filter((a) => a.organization_id === o.id)
        .map((a) => ({ accountId: a.id, userId: a.user_id, email: a.email, nickName: a.nick_name, forbidden: !!a.forbidden, locked: !!a.locked })),
    }))
    return { ...p, list }
  }

  async detail(id: number, access: AdminAccess) {
    return toDetail(await this.visible(id, access))
  }

  async edit(body: OrganizationEditBody, access: AdminAccess) {
    await this.visible(body.id, access)
    const patch = this.patchOf(body)
    await this.repo.update(body.id, patch, this.ctx.clock.now().toISOString())
    return toDetail((await this.repo.findById(body.id))!)
  }

  private sign(orgId: number, exp: number) {
    return crypto.createHmac('sha256', this.ctx.config.jwtSecret).update(`org-invite:${orgId}:${exp}`).digest('base64url').slice(0, 32)
  }

  /** A signed, expiring organizer-registration link bound to the organisation (no table needed). */
  async invite(id: number, access: AdminAccess): Promise<OrganizationInvite> {
    await this.visible(id, access)
    const exp = this.ctx.clock.now().getTime() + INVITE_TTL_MS
    const token = `${id}.${exp}.${this.sign(id, exp)}`
    return { token, link: `${REGISTER_PATH}?noReg=true&invite=${encodeURIComponent(token)}`, expiresAt: new Date(exp).toISOString() }
  }

  /** Public check of an invitation token: 410 when forged, malformed or expired; 302 when the organisation is gone. */
  async verifyInvite(token: string): Promise<OrganizationInviteInfo> {
    const m = /^(\d{1,10})\.(\d{1,16})\.([A-Za-z0-9_-]{32})$/.exec(String(token ?? '').trim())
    if (!m) throw new AppError(410, { field: 'token' })
    const id = Number(m[1])
    const exp = Number(m[2])
    const expected = Buffer.from(this.sign(id, exp))
    const actual = Buffer.from(m[3])
    if (expected.length !== actual.length || !crypto.timingSafeEqual(expected, actual)) throw new AppError(410, { field: 'token' })
    if (exp <= this.ctx.clock.now().getTime()) throw new AppError(410, { field: 'token' })
    const org = await this.repo.findById(id)
    if (!org) throw new AppError(302)
    return { organizationId: org.id, nameZh: org.name_zh, nameEn: org.name_en, expiresAt: new Date(exp).toISOString() }
  }
}
