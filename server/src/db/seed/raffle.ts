/**
 * Raffle area: the raffle menu (organizer and operations; buttons add / edit / close / times / claim /
 * export), and once per database a bilingual demo raffle with three gifts on the organizer's Beijing
 * competition, open for sixty days to anyone logged in, so the activity page's entry and the draw can
 * be tried at once.
 */
import type { Kysely } from 'kysely'
import type { DB } from '../schema'
import { BTN, seedAdminMenus, type SeedMenu } from './admin-menus'
import { seedOnce } from './once'

export const DEMO_RAFFLE_ACTIVITY_ZH = '海外高层次人才回国创业大赛（北京站）'
export const DEMO_RAFFLE_NAME_EN = 'Beijing Competition Lucky Draw'

export const RAFFLE_MENUS: SeedMenu[] = [
  {
    name: 'activityRaffle',
    path: '/admin/activity/raffle',
    component: 'activity/raffle/list',
    titleZh: '活动管理 › 抽奖',
    titleEn: 'Activities › Raffles',
    icon: 'GiftOutlined',
    sort: 46,
    buttons: [
      BTN.add,
      BTN.edit,
      { name: 'close', zh: '提前结束', en: 'Close early' },
      { name: 'times', zh: '抽奖次数', en: 'Draw times' },
      { name: 'claim', zh: '核销', en: 'Claim' },
      BTN.export,
    ],
    roles: ['operations', 'organizer'],
  },
]

const DEMO_GIFTS = [
  { zh: '定制保温杯', en: 'Custom thermos', stock: 20, weight: 30, slug: 'raffle-thermos' },
  { zh: '海交帆布包', en: 'Haijiao tote bag', stock: 50, weight: 60, slug: 'raffle-tote' },
  { zh: '智能手环', en: 'Fitness band', stock: 5, weight: 10, slug: 'raffle-band' },
]

export async function seedRaffle(db: Kysely<DB>, now: Date, bump: (k: string) => void): Promise<void> {
  await seedAdminMenus(db, RAFFLE_MENUS, bump)
  await seedOnce(db, 'raffle-demo-v1', async (trx) => {
    const a = await trx.selectFrom('activities').select(['id', 'organization_id', 'time_zone']).where('title_zh', '=', DEMO_RAFFLE_ACTIVITY_ZH).executeTakeFirst()
    if (!a) return false
    const ts = now.toISOString()
    const r = await trx
      .insertInto('raffles')
      .values({
        activity_id: a.id,
        organization_id: a.organization_id,
        name_zh: '北京站幸运抽奖',
        name_en: DEMO_RAFFLE_NAME_EN,
        images: JSON.stringify(['/static/posters/raffle-beijing.svg']),
        start_time: new Date(now.getTime() - 86400000).toISOString(),
        end_time: new Date(now.getTime() + 60 * 86400000).toISOString(),
        time_zone: a.time_zone,
        eligibility: 'any',
        default_times: 3,
        no_prize_weight: 100,
        status: 'open',
        closed_at: null,
        created_by: null,
        created_at: ts,
        updated_at: ts,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    for (const [i, g] of DEMO_GIFTS.entries()) {
      await trx
        .insertInto('raffle_gifts')
        .values({ raffle_id: r.id, name_zh: g.zh, name_en: g.en, image_url: `/static/posters/${g.slug}.svg`, stock: g.stock, won_count: 0, sequence: i + 1, weight: g.weight, created_at: ts, updated_at: ts })
        .execute()
    }
    bump('raffles')
  })
}
