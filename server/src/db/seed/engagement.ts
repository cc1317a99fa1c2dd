/**
 * Engagement seed: the admin menus of the subscriber list, the feedback inbox and
 * group notices with their buttons, granted to the operations role when the menu or button is first
 * created (so a grant an admin removes stays removed); plus, once per database (seed_marks), a few
 * demo leave-message entries and subscribers so the admin views are not empty on first start.
 */
import type { Kysely } from 'kysely'
import { seedOnce } from './once'
import { seedAdminMenus, type SeedMenu } from './admin-menus'
import type { DB } from '../schema'

const ENGAGEMENT_MENUS: SeedMenu[] = [
  { name: 'messageNotice', path: '/admin/message/notice', component: 'message/notice/list', titleZh: '消息管理 › 消息通知', titleEn: 'Messages › Notices', icon: 'NotificationOutlined', sort: 30, buttons: [{ name: 'send', zh: '发送通知', en: 'Send notice' }], roles: ['operations'] },
  { name: 'messageFeedback', path: '/admin/message/feedback', component: 'message/feedback/list', titleZh: '消息管理 › 留言反馈', titleEn: 'Messages › Feedback', icon: 'MessageOutlined', sort: 31, buttons: [{ name: 'edit', zh: '编辑', en: 'Edit' }, { name: 'reply', zh: '邮件回复', en: 'Reply by e-mail' }], roles: ['operations'] },
  { name: 'messageSubscribe', path: '/admin/message/subscribe', component: 'message/subscribe/list', titleZh: '消息管理 › 邮件订阅', titleEn: 'Messages › Subscribers', icon: 'MailOutlined', sort: 32, buttons: [{ name: 'blacklist', zh: '黑名单', en: 'Blacklist' }, { name: 'export', zh: '导出', en: 'Export' }, { name: 'notify', zh: '推送资讯', en: 'Push news' }, { name: 'resend', zh: '重发失败邮件', en: 'Resend failed mails' }], roles: ['operations'] },
]

const MARK = 'engagement-demo-v1'

export async function seedEngagement(db: Kysely<DB>, now: Date, bump: (k: string) => void): Promise<void> {
  await seedAdminMenus(db, ENGAGEMENT_MENUS, bump)

  await seedOnce(db, MARK, async (trx) => {
    const at = (h: number) => new Date(now.getTime() - h * 3600_000).toISOString()
    const feedback = [
      { description: '请问留学生回国落户上海需要准备哪些材料？', name: '张同学', tel: '13800000001', email: 'zhang@example.com', h: 30 },
      { description: 'How can I register for the London career talk if I am still abroad?', name: 'Emma Li', tel: '447700900123', email: 'emma@example.com', h: 5 },
    ]
    for (const f of feedback) {
      await trx
        .insertInto('feedback')
        .values({ description: f.description, name: f.name, tel: f.tel, email: f.email, user_id: null, remark: null, reply_content: null, replied_at: null, created_at: at(f.h), updated_at: at(f.h) })
        .execute()
      bump('feedback')
    }
    const subscribers = [
      { email: 'reader@example.com', status: 'confirmed' as const, blacklisted: 0, lang: 'zh', codes: ['ai', 'ic'] },
      { email: 'news.fan@example.com', status: 'confirmed' as const, blacklisted: 0, lang: 'en', codes: ['biomed'] },
      { email: 'spam@example.com', status: 'unsubscribed' as const, blacklisted: 1, lang: 'zh', codes: [] },
    ]
    for (const s of subscribers) {
      if (await trx.selectFrom('subscribers').select('id').where('email', '=', s.email).executeTakeFirst()) continue
      const row = await trx
        .insertInto('subscribers')
        .values({ email: s.email, user_id: null, status: s.status, blacklisted: s.blacklisted, lang: s.lang, source: 'footer', confirmed_at: s.status === 'confirmed' ? at(48) : null, unsubscribed_at: null, created_at: at(50), updated_at: at(48) })
        .returning('id')
        .executeTakeFirstOrThrow()
      for (const code of s.codes) await trx.insertInto('subscriber_categories').values({ subscriber_id: row.id, code }).execute()
      bump('subscribers')
    }
  })
}
