/** Site admin area: this area's admin menus (admin-menus.ts) and, once per database, its demo rows. */
import type { Kysely } from 'kysely'
import type { DB } from '../schema'
import { BTN, seedAdminMenus, type SeedMenu } from './admin-menus'
import { seedOnce } from './once'

export const CRUD = [BTN.add, BTN.edit, BTN.delete, BTN.publish, BTN.sort]
/** a content menu of operations: `/admin/<area>/<key>`, component `<area>/<key>/list` */
export const menu = (name: string, key: string, zh: string, en: string, icon: string, sort: number, buttons = CRUD, area = 'cms'): SeedMenu => ({
  name,
  path: `/admin/${area}/${key}`,
  component: `${area}/${key}/list`,
  titleZh: `内容管理 › ${zh}`,
  titleEn: `CMS › ${en}`,
  icon,
  sort,
  buttons,
  roles: ['operations'],
})

export const ADMIN_SITE_MENUS: SeedMenu[] = [
  menu('cmsBanner', 'banner', '轮播图', 'Banners', 'PictureOutlined', 60),
  menu('cmsAdvert', 'advert', '广告位', 'Adverts', 'NotificationOutlined', 61),
  menu('cmsRich', 'rich', '富文本内容', 'Rich content', 'LayoutOutlined', 62, [BTN.edit]),
  menu('cmsVideo', 'video', '视频', 'Videos', 'VideoCameraOutlined', 63, [BTN.add, BTN.edit, BTN.delete, BTN.publish]),
  menu('cmsCase', 'case', '行业案例', 'Cases', 'SolutionOutlined', 64),
  menu('cmsPartner', 'partner', '合作伙伴', 'Partners', 'ApartmentOutlined', 65),
  menu('cmsPlatform', 'platform', '人才平台', 'Platforms', 'GlobalOutlined', 66),
  menu('cmsRoadshow', 'roadshow', '路演设置', 'Roadshow', 'ProjectOutlined', 67, [BTN.add, BTN.edit, BTN.delete, BTN.publish]),
]

/** partner logos drawn with the partner's name (poster.ts logo design); earlier seeds drew "Partner" (partner-<sort>) */
const PARTNER_LOGOS: Record<number, string> = { 1: 'logo-suzhou-industrial-park', 2: 'logo-western-returned-scholars' }

export async function seedAdminSite(db: Kysely<DB>, now: Date, bump: (k: string) => void): Promise<void> {
  await seedAdminMenus(db, ADMIN_SITE_MENUS, bump)
  for (const [sort, slug] of Object.entries(PARTNER_LOGOS)) {
    const r = await db.updateTable('site_partners').set({ logo_url: `/static/posters/${slug}.svg` }).where('logo_url', '=', `/static/posters/partner-${sort}.svg`).executeTakeFirst()
    if (Number(r.numUpdatedRows) > 0) bump('partnerLogos')
  }
  await seedOnce(db, 'admin-site-v1', async (trx) => {
    const at = now.toISOString()
    const img = (slug: string) => `/static/posters/${slug}.svg`
    await trx
      .insertInto('site_adverts')
      .values([
        { area: 'area' as const, title_zh: '长三角人才政策专区', title_en: 'Yangtze Delta talent policies', image_url: img('advert-area'), link_url: '/policy', sort: 1 },
        { area: 'college' as const, title_zh: '高校引才季', title_en: 'University hiring season', image_url: img('advert-college'), link_url: '/job?kind=college', sort: 1 },
        { area: 'policy' as const, title_zh: '海外人才政策匹配', title_en: 'Match the policies for you', image_url: img('advert-policy'), link_url: '/match', sort: 1 },
        { area: 'search' as const, title_zh: '热门路演项目', title_en: 'Trending roadshow projects', image_url: img('advert-search'), link_url: '/roadshow', sort: 1 },
      ].map((r) => ({ ...r, created_at: at, updated_at: at })))
      .execute()
    bump('site_adverts')
    await trx
      .insertInto('site_cases')
      .values([
        {
          title_zh: '海归博士在苏州落地生物医药项目',
          title_en: 'A returning PhD launches a biotech venture in Suzhou',
          summary_zh: '从路演到入驻园区只用了三个月。',
          summary_en: 'From roadshow to incubator in three months.',
          content_zh: '<p>通过海交路演对接园区与投资方，项目三个月内完成落地。</p>',
          content_en: '<p>Through a Haijiao roadshow the team met a park and investors and moved in within three months.</p>',
          sort: 1,
        },
        {
          title_zh: '高校青年教师引进案例',
          title_en: 'Recruiting young faculty from abroad',
          summary_zh: '政策匹配帮助候选人找到最合适的城市。',
          summary_en: 'Policy matching helped the candidate choose a city.',
          content_zh: '<p>候选人通过政策匹配比较了三座城市的支持政策。</p>',
          content_en: '<p>The candidate compared the support of three cities with policy matching.</p>',
          sort: 2,
        },
      ].map((r) => ({ ...r, cover_url: img(`case-${r.sort}`), created_at: at, updated_at: at })))
      .execute()
    bump('site_cases')
    await trx
      .insertInto('site_partners')
      .values([
        { name_zh: '苏州工业园区', name_en: 'Suzhou Industrial Park', website: 'https://www.sipac.gov.cn', sort: 1 },
        { name_zh: '欧美同学会', name_en: 'Western Returned Scholars Association', website: 'https://www.wrsa.net', sort: 2 },
      ].map((r) => ({ ...r, logo_url: img(PARTNER_LOGOS[r.sort]), created_at: at, updated_at: at })))
      .execute()
    bump('site_partners')
  })
}
