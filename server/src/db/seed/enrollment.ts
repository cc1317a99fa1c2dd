/**
 * Enrolment seed: bilingual application forms for the seeded activities, the demo promoter's
 * share code, and enrolment counters that cover the seeded enrolments. Idempotent: a form is written
 * only where none was ever defined (enroll_form IS NULL), a code only where the promoter has none.
 *
 * Forms of note (generated activity index → form), matching the plans of content-data.ts:
 * - #11 (index 10, open, deadline = end, may sign up again): every one of the nine field types;
 * - #2/#4/#5/#6 (needProcess) keep the standard form and wait for approval;
 * - #8 (index 7) is full; #14 (index 13, running, isNeedLoginEnroll = 0) takes logged-out visitors.
 */
import type { Kysely } from 'kysely'
import type { DB } from '../schema'
import { seedOnce } from './once'
import * as D from './content-data'
import { ACTIVITIES } from './base-data'
import type { EnrollFormField } from '@contracts/enrollment'

export const DEMO_PROMOTER_CODE = 'DEMO2026'

/** select / radio / checkbox options from [value, Chinese label, English label] rows */
const choices = (rows: Array<[string, string, string]>) => rows.map(([value, labelZh, labelEn]) => ({ value, labelZh, labelEn }))

const NAME: EnrollFormField = { key: 'name', type: 'text', labelZh: '姓名', labelEn: 'Full name', required: true, maxLength: 50, placeholderZh: '请输入真实姓名', placeholderEn: 'Your full name' }
const EMAIL: EnrollFormField = { key: 'email', type: 'email', labelZh: '电子邮箱', labelEn: 'E-mail', required: true, placeholderZh: '用于接收报名通知', placeholderEn: 'For enrolment notices' }
const PHONE: EnrollFormField = { key: 'phone', type: 'text', labelZh: '手机号码', labelEn: 'Phone number', required: true, maxLength: 20, placeholderZh: '含国家区号，如 +86 138…', placeholderEn: 'With country code, e.g. +44 7700…' }
const ORG: EnrollFormField = { key: 'organisation', type: 'text', labelZh: '学校或单位', labelEn: 'University or employer', required: false, maxLength: 100 }
const DEGREE: EnrollFormField = { key: 'degree', type: 'select', labelZh: '最高学历', labelEn: 'Highest degree', required: true, options: choices([['bachelor', '学士', "Bachelor's"], ['master', '硕士', "Master's"], ['phd', '博士', 'PhD'], ['postdoc', '博士后', 'Postdoc']]) }

export const STANDARD_FORM: EnrollFormField[] = [NAME, EMAIL, PHONE, ORG]
export const DEGREE_FORM: EnrollFormField[] = [NAME, EMAIL, PHONE, ORG, DEGREE]
export const GUEST_FORM: EnrollFormField[] = [NAME, EMAIL, PHONE]

/** one field of each of the nine types of spec section 3 */
export const ALL_TYPES_FORM: EnrollFormField[] = [
  NAME,
  EMAIL,
  { key: 'intro', type: 'textarea', labelZh: '个人简介', labelEn: 'About you', required: true, maxLength: 500, placeholderZh: '研究方向、工作经历等（500字以内）', placeholderEn: 'Research area, work experience … (up to 500 characters)' },
  { key: 'yearsAbroad', type: 'number', labelZh: '海外学习工作年限', labelEn: 'Years abroad', required: true, min: 0, max: 60 },
  { key: 'returnDate', type: 'date', labelZh: '预计回国日期', labelEn: 'Expected return date', required: false },
  { key: 'attend', type: 'radio', labelZh: '参加方式', labelEn: 'How will you attend?', required: true, options: choices([['onsite', '现场参加', 'On site'], ['online', '线上观看', 'Online']]) },
  { key: 'interests', type: 'checkbox', labelZh: '感兴趣的议题', labelEn: 'Topics of interest', required: true, options: choices([['policy', '人才政策', 'Talent policy'], ['startup', '创业扶持', 'Start-up support'], ['jobs', '岗位对接', 'Job matching'], ['housing', '住房与落户', 'Housing and residence']]) },
  DEGREE,
  { key: 'cv', type: 'attachment', labelZh: '简历（图片）', labelEn: 'CV (image)', required: true, uploadKind: 'image' },
]

function generatedTitle(i: number) {
  const city = D.ACTIVITY_CITIES[i % D.ACTIVITY_CITIES.length]
  const theme = D.THEMES[(i * 7) % D.THEMES.length]
  return `${city.zh}${theme.zh}（第${i + 1}期）`
}

export function formForGenerated(i: number): EnrollFormField[] {
  if (i === 10) return ALL_TYPES_FORM
  if (i % 9 === 4) return GUEST_FORM // isNeedLoginEnroll = 0: visitors, who cannot upload, enrol too
  return i % 3 === 1 ? DEGREE_FORM : STANDARD_FORM
}

const MARK = 'enrollment-demo-v1'

/**
 * Once per database (marked in `seed_marks`): at a later start an organizer may have removed a form
 * (enroll_form null = none) and that must stay removed; it also spares every start ~70 updates by title.
 */
export async function seedEnrollment(db: Kysely<DB>, bump: (k: string) => void) {
  await seedOnce(db, MARK, async (trx) => {
    const plan: Array<[string, EnrollFormField[]]> = []
    for (let i = 0; i < D.GENERATED_ACTIVITY_COUNT; i++) plan.push([generatedTitle(i), formForGenerated(i)])
    for (const a of ACTIVITIES) plan.push([a.titleZh, STANDARD_FORM])
    for (const [title, form] of plan) {
      const r = await trx
        .updateTable('activities')
        .set({ enroll_form: JSON.stringify(form) })
        .where('title_zh', '=', title)
        .where('enroll_form', 'is', null)
        .executeTakeFirst()
      if (Number(r.numUpdatedRows) > 0) bump('enrollForms')
    }

    const promoter = await trx
      .updateTable('users')
      .set({ promoter_code: DEMO_PROMOTER_CODE })
      .where('email', '=', 'promoter@haijiao.demo')
      .where('is_promoter', '=', 1)
      .where('promoter_code', 'is', null)
      .executeTakeFirst()
    if (Number(promoter.numUpdatedRows) > 0) bump('promoterCodes')

    // every active (pending/approved) enrolment holds a seat: the counters of the activities the demo
    // accounts enrolled in cover their enrolments (only those rows are read, whatever the table's size)
    const demoUsers = await trx.selectFrom('users').select('id').where('email', 'like', '%@haijiao.demo').execute()
    const activityIds = demoUsers.length
      ? (
          await trx
            .selectFrom('activity_enrollments')
            .select('activity_id')
            .distinct()
            .where('user_id', 'in', demoUsers.map((u) => u.id))
            .execute()
        ).map((r) => r.activity_id)
      : []
    const held = activityIds.length
      ? await trx
          .selectFrom('activity_enrollments')
          .select(['activity_id', (eb) => eb.fn.countAll<number>().as('n')])
          .where('activity_id', 'in', activityIds)
          .where('status', 'in', ['pending', 'approved'])
          .groupBy('activity_id')
          .execute()
      : []
    for (const h of held) {
      await trx
        .updateTable('activities')
        .set({ enrolled_count: Number(h.n) })
        .where('id', '=', h.activity_id)
        .where('enrolled_count', '<', Number(h.n))
        .execute()
    }
  })
}
