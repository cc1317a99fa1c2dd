/**
 * Promoter counts, on both databases: a visitor's enrolment with a promoter code
 * counts in the promoter's talentCount only once its e-mail is confirmed (an account holds it:
 * registration proves the address with a code); until then it is counted apart as unconfirmed and
 * marked so in the talent list. Invented e-mails no longer raise the count.
 */
import { describeEachDb, type Harness } from './harness'
import { ENROLL_API } from '@contracts/enrollment'
import { PARTICIPATION_API as P } from '@contracts/participation'
import { DEMO_PROMOTER_CODE } from '../../server/src/db/seed/enrollment'

describeEachDb('promoter counts', (get) => {
  let h: Harness
  beforeAll(() => {
    h = get()
  })

  it('invented visitor e-mails are counted apart; one confirmed by registering counts', async () => {
    const token = await h.login('promoter@haijiao.demo')
    const info = async () => (await h.api('GET', P.promoterInfo, { token })).body.result
    const before = await info()
    expect(before.unconfirmedTalentCount).toBe(0)
    // an activity that takes visitors and answers 200 now
    const guestActivities = await h.db.selectFrom('activities').select('id').where('is_need_login_enroll', '=', 0).where('status', '=', 'published').execute()
    let activityId = 0
    const emails = ['made-up-1@example.com', 'made-up-2@example.com', 'made-up-3@example.com']
    for (const [i, email] of emails.entries()) {
      const answers = { name: `Guest ${i}`, email, phone: '13800000000' }
      if (!activityId) {
        for (const a of guestActivities) {
          const r = await h.api('POST', ENROLL_API.submit, { body: { activityId: a.id, answers, promoterCode: DEMO_PROMOTER_CODE } })
          if (r.body.code === 200) {
            activityId = a.id
            break
          }
        }
        expect(activityId).toBeGreaterThan(0)
      } else {
        expect((await h.api('POST', ENROLL_API.submit, { body: { activityId, answers, promoterCode: DEMO_PROMOTER_CODE } })).body.code).toBe(200)
      }
    }
    const invented = await info()
    expect({ talentCount: invented.talentCount, unconfirmed: invented.unconfirmedTalentCount }).toEqual({ talentCount: before.talentCount, unconfirmed: 3 })

    await h.registerUser('made-up-2@example.com', 'Now Real')
    const confirmed = await info()
    expect({ talentCount: confirmed.talentCount, unconfirmed: confirmed.unconfirmedTalentCount }).toEqual({ talentCount: before.talentCount + 1, unconfirmed: 2 })

    const list = (await h.api('GET', `${P.promoterTalent}?activityId=${activityId}&pageSize=50`, { token })).body.result.list as Array<{ person: { guestEmail: string; confirmed: boolean } }>
    // the visitors (a logged-in user's own enrolment in the seed is confirmed and has no guest e-mail)
    const byEmail = Object.fromEntries(list.filter((t) => t.person.guestEmail).map((t) => [t.person.guestEmail, t.person.confirmed]))
    expect(list.filter((t) => !t.person.guestEmail).every((t) => t.person.confirmed)).toBe(true)
    expect(byEmail).toEqual({ 'made-up-1@example.com': false, 'made-up-2@example.com': true, 'made-up-3@example.com': false })
  })
})
