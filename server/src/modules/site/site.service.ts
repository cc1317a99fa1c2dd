import fs from 'node:fs'
import path from 'node:path'
import type { AppContext } from '../../context'
import { AppError } from '../../lib/app-error'
import { pageArgs, toPage, type PageQuery } from '../../lib/paging'
import { sanitizeRichText } from '../../lib/rich-text'
import { SiteRepository, type TextSortField } from './site.repository'
import { parseJson } from '../../lib/json'
import type { SiteSettings } from '@contracts/site'
import {
  SITE_ICP_PATTERN,
  SITE_IMAGE_PATTERN,
  SITE_PHONE_PATTERN,
  SOCIAL_CODES,
  type SiteSettingsForm,
  type SiteTextBody,
  type SiteTextRow,
  type TranslationLang,
  type TranslationRow,
} from '@contracts/admin-dictionary'
import type { AuditNote } from '../../lib/audit-note'
import { isEmail } from '@contracts/validation'

/** the consumer /extend page renders content as rich text when it looks like HTML, else as plain text */
const LOOKS_HTML = /<[a-z][\s\S]*>/i
const TEXT_CODE = /^[a-z_]{1,50}$/
const CONTENT_MAX = 200_000

type Dict = { [k: string]: string | Dict }

function flatten(d: Dict, prefix = '', out: Record<string, string> = {}): Record<string, string> {
  for (const [k, v] of Object.entries(d)) {
    const key = prefix ? `${prefix}.${k}` : k
    if (v && typeof v === 'object') flatten(v, key, out)
    else out[key] = String(v)
  }
  return out
}

/** dotted keys back into nested JSON (an override never turns a branch into a leaf) */
function nest(flat: Record<string, string>): Dict {
  const out: Dict = {}
  for (const [key, value] of Object.entries(flat)) {
    const parts = key.split('.')
    let node = out
    let ok = true
    for (const p of parts.slice(0, -1)) {
      const next = node[p]
      if (next === undefined) node = node[p] = {}
      else if (typeof next === 'object') node = next
      else {
        ok = false
        break
      }
    }
    const leaf = parts[parts.length - 1]
    if (ok && typeof node[leaf] !== 'object') node[leaf] = value
  }
  return out
}

export class SiteService {
  private readonly repo: SiteRepository
  constructor(private readonly ctx: AppContext) {
    this.repo = new SiteRepository(ctx.db)
  }

  async siteSettings(): Promise<SiteSettings> {
    const map = new Map((await this.repo.settings()).map((s) => [s.key, s.value]))
    return {
      phone: map.get('phone') ?? '',
      email: map.get('email') ?? '',
      icp: map.get('icp') ?? '',
      copyrightZh: map.get('copyright_zh') ?? '',
      copyrightEn: map.get('copyright_en') ?? '',
      // the browsing pages' settings (SiteSettings of src/shared/contracts/site.ts)
      icpUrl: map.get('icp_url') ?? 'https://beian.miit.gov.cn/',
      wechatQrUrl: map.get('wechat_qr_url') ?? null,
      social: parseJson<SiteSettings['social']>(map.get('social'), []),
    }
  }

  /** the admin's site settings form: what the frame shows (GET /system/setting/site), editable */
  async settingsForm(): Promise<SiteSettingsForm> {
    const s = await this.siteSettings()
    return { phone: s.phone, email: s.email, icp: s.icp, icpUrl: s.icpUrl, copyrightZh: s.copyrightZh, copyrightEn: s.copyrightEn, wechatQrUrl: s.wechatQrUrl, social: s.social }
  }

  /** validates every field before writing any (a refused form changes nothing), then writes them in one transaction */
  async updateSettings(b: SiteSettingsForm): Promise<SiteSettingsForm> {
    const text = (field: string, v: unknown, max: number) => {
      const t = typeof v === 'string' ? v.trim() : ''
      if (!t || t.length > max) throw new AppError(301, { field })
      return t
    }
    const phone = text('phone', b.phone, 30)
    if (!SITE_PHONE_PATTERN.test(phone)) throw new AppError(301, { field: 'phone' })
    const email = text('email', b.email, 254)
    if (!isEmail(email)) throw new AppError(301, { field: 'email' })
    const icp = text('icp', b.icp, 40)
    if (!SITE_ICP_PATTERN.test(icp)) throw new AppError(301, { field: 'icp' })
    const icpUrl = text('icpUrl', b.icpUrl, 400)
    if (!/^https:\/\/[^\s"'<>]+$/.test(icpUrl)) throw new AppError(301, { field: 'icpUrl' })
    const copyrightZh = text('copyrightZh', b.copyrightZh, 100)
    const copyrightEn = text('copyrightEn', b.copyrightEn, 100)
    const wechatQrUrl = b.wechatQrUrl === null || b.wechatQrUrl === undefined || b.wechatQrUrl === '' ? null : String(b.wechatQrUrl).trim()
    if (wechatQrUrl !== null && !SITE_IMAGE_PATTERN.test(wechatQrUrl)) throw new AppError(301, { field: 'wechatQrUrl' })
    if (!Array.isArray(b.social)) throw new AppError(301, { field: 'social' })
    const seen = new Set<string>()
    const social = b.social.map((x, i) => {
      const code = x?.code
      if (!(SOCIAL_CODES as readonly string[]).includes(code) || seen.has(code)) throw new AppError(301, { field: `social[${i}].code` })
      seen.add(code)
      const qrUrl = text(`social[${i}].qrUrl`, x.qrUrl, 420)
      if (!SITE_IMAGE_PATTERN.test(qrUrl)) throw new AppError(301, { field: `social[${i}].qrUrl` })
      return { code, nameZh: text(`social[${i}].nameZh`, x.nameZh, 30), nameEn: text(`social[${i}].nameEn`, x.nameEn, 30), qrUrl }
    })
    const now = this.ctx.clock.now().toISOString()
    await this.repo.saveSettings(
      {
        phone,
        email,
        icp,
        icp_url: icpUrl,
        copyright_zh: copyrightZh,
        copyright_en: copyrightEn,
        wechat_qr_url: wechatQrUrl,
        social: JSON.stringify(social),
      },
      now,
    )
    return this.settingsForm()
  }

  async text(code: string) {
    const t = await this.repo.text(code)
    if (!t) throw new AppError(302)
    return { code: t.code, titleZh: t.title_zh, titleEn: t.title_en, contentZh: t.content_zh, contentEn: t.content_en, version: Number(t.version) }
  }

  async hotSearch() {
    return (await this.repo.hotSearch()).map((h) => ({
      id: h.id,
      searchModuleCode: h.search_module_code,
      relationId: h.relation_id,
      title: h.title,
      posterUrl: h.poster_url,
    }))
  }

  // ---------------------------------------------------------------- admin: site texts

  async textList(q: PageQuery & { keyword?: string; sortField?: TextSortField; sortOrder?: 'asc' | 'desc' }) {
    const { page, pageSize, offset } = pageArgs(q)
    const { rows, total } = await this.repo.textPage({
      keyword: q.keyword?.trim() || undefined,
      sortField: q.sortField ?? 'code',
      sortOrder: q.sortOrder ?? 'asc',
      offset,
      limit: pageSize,
    })
    const list: SiteTextRow[] = rows.map((t) => ({
      code: t.code,
      titleZh: t.title_zh,
      titleEn: t.title_en,
      contentZh: t.content_zh,
      contentEn: t.content_en,
      version: Number(t.version),
      updatedAt: t.updated_at,
    }))
    return toPage(list, total, page, pageSize)
  }

  async textInfo(code: string): Promise<SiteTextRow> {
    const t = await this.repo.text(code)
    if (!t) throw new AppError(302)
    return { code: t.code, titleZh: t.title_zh, titleEn: t.title_en, contentZh: t.content_zh, contentEn: t.content_en, version: Number(t.version), updatedAt: t.updated_at }
  }

  private textValues(b: SiteTextBody) {
    const title = (v: unknown, field: string) => {
      const s = typeof v === 'string' ? v.trim() : ''
      if (!s || s.length > 200) throw new AppError(301, { field })
      return s
    }
    const content = (v: unknown, field: string) => {
      const raw = typeof v === 'string' ? v : ''
      if (raw.length > CONTENT_MAX) throw new AppError(301, { field })
      // HTML goes through the sanitizer; plain text is shown as text by the consumer (never as markup)
      const s = LOOKS_HTML.test(raw) ? sanitizeRichText(raw) : raw.trim()
      if (!s.replace(/<[^>]*>/g, '').trim() && !/<img\b/i.test(s)) throw new AppError(301, { field })
      return s
    }
    return {
      title_zh: title(b.titleZh, 'titleZh'),
      title_en: title(b.titleEn, 'titleEn'),
      content_zh: content(b.contentZh, 'contentZh'),
      content_en: content(b.contentEn, 'contentEn'),
    }
  }

  async addText(b: SiteTextBody): Promise<{ code: string }> {
    const code = String(b.code ?? '').trim()
    if (!TEXT_CODE.test(code)) throw new AppError(301, { field: 'code' })
    const v = this.textValues(b)
    if (await this.repo.text(code)) throw new AppError(301, { field: 'code' })
    await this.repo.insertText({ code, ...v }, this.ctx.clock.now().toISOString())
    return { code }
  }

  /** `publishVersion`: the edit is a new version (for the policy texts: everybody agrees again at next sign-in) */
  async updateText(b: SiteTextBody, note?: AuditNote): Promise<{ code: string; version: number }> {
    const code = String(b.code ?? '')
    const before = await this.repo.text(code)
    if (!before) throw new AppError(302)
    const version = Number(before.version) + (b.publishVersion === true ? 1 : 0)
    const values = { ...this.textValues(b), version }
    await this.repo.updateText(code, values, this.ctx.clock.now().toISOString())
    // the text as it was (a policy text's old version among it) and as it is; its code as textCode (the
    // audit mask keeps any field named `code` secret: sign-in codes)
    const { code: textCode, ...was } = before
    await note?.({ before: { textCode, ...was }, after: { textCode, ...values } })
    return { code, version }
  }

  // ---------------------------------------------------------------- admin: UI translation overrides

  private baseLocale(lang: TranslationLang): Record<string, string> {
    const file = path.join(this.ctx.config.rootDir, 'src', 'shared', 'i18n', 'locales', `${lang}.json`)
    try {
      return flatten(JSON.parse(fs.readFileSync(file, 'utf8')) as Dict)
    } catch {
      return {}
    }
  }

  async translationList(q: PageQuery & { lang: TranslationLang; keyword?: string; overridden?: boolean }) {
    const { page, pageSize, offset } = pageArgs(q)
    const base = this.baseLocale(q.lang)
    const over = new Map((await this.repo.overrides(q.lang)).map((o) => [o.key, o.value]))
    const keys = [...new Set([...Object.keys(base), ...over.keys()])].sort()
    const k = q.keyword?.trim().toLowerCase()
    let rows: TranslationRow[] = keys.map((key) => ({ key, base: base[key] ?? '', override: over.get(key) ?? null }))
    if (q.overridden) rows = rows.filter((r) => r.override !== null)
    if (k) rows = rows.filter((r) => r.key.toLowerCase().includes(k) || r.base.toLowerCase().includes(k) || (r.override ?? '').toLowerCase().includes(k))
    return toPage(rows.slice(offset, offset + pageSize), rows.length, page, pageSize)
  }

  /** value '' or null removes the override; only keys the shipped file has can be overridden */
  async setTranslation(b: { lang: TranslationLang; key: string; value?: string | null }): Promise<{ key: string }> {
    const base = this.baseLocale(b.lang)
    if (!(b.key in base)) throw new AppError(301, { field: 'key' })
    const value = typeof b.value === 'string' && b.value.trim() ? b.value : null
    // the clients render these as text, but keep markup out of them altogether
    if (value !== null && /<[a-z/!]/i.test(value)) throw new AppError(301, { field: 'value' })
    await this.repo.setOverride(b.lang, b.key, value, this.ctx.clock.now().toISOString())
    return { key: b.key }
  }

  /** the shipped locale file with the overrides applied: what {base}/<lang>.json should serve */
  async mergedTranslations(lang: TranslationLang): Promise<Record<string, unknown>> {
    const flat = this.baseLocale(lang)
    for (const o of await this.repo.overrides(lang)) if (o.key in flat) flat[o.key] = o.value
    return nest(flat)
  }
}
