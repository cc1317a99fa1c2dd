/**
 * Activity publishing and the manager list, on SQLite and PostgreSQL: a draft saved at each
 * step; the publish rules (deadline after end, no address, time zone outside ±12:00, a live link that is
 * not http(s), a malformed form) each refused with 301 naming the field and nothing changed; a published
 * activity visible through the consumer list, detail and enrolment form, hidden again by unpublish; the
 * organizer's boundary (302, nothing changed); 621 for a hot activity; manager filters on a fixed clock;
 * kefu and consumers refused with 402.
 */
import { describeEachDb, loginDemoRoles, type Harness } from './harness'
import { ADMIN_ACTIVITY_API as A } from '@contracts/admin-activity'

const DAY = 86_400_000

describeEachDb('admin activity', (get) => {
  let h: Harness
  let ops: string
  let org: string
  let kefu: string
  let consumer: string
  let category: string
  let innovationId: number

  beforeAll(async () => {
    h = get()
    ;({ ops, org, kefu, consumer } = await loginDemoRoles(h))
    const opts = await h.api('GET', A.options, { token: org })
    expect(opts.body.code).toBe(200)
    category = opts.body.result.categories[0].code
    innovationId = opts.body.result.organizations[0].id
  })
  afterEach(() => {
    h.clock.offsetMs = 0
  })

  const at = (days: number) => new Date(h.clock.now().getTime() + days * DAY)
  /** every step filled in; times sent as the picker does (milliseconds and zone) */
  const complete = (marker: string, startDays = 10) => ({
    titleZh: `测试活动 ${marker}`,
    titleEn: `Test activity ${marker}`,
    type: 'both',
    categoryCodes: [category],
    tagsZh: ['人才'],
    tagsEn: ['Talent'],
    posterUrl: '/static/posters/beijing.svg',
    peopleCount: 100,
    startTime: at(startDays).toISOString(),
    endTime: new Date(at(startDays).getTime() + 3 * 3600_000).toISOString().replace('Z', '+00:00'),
    addresses: [{ country: 'CN', timeZone: 'UTC+08:00', cityZh: '北京', cityEn: 'Beijing', addressZh: '海淀区', addressEn: 'Haidian' }],
    enrollForm: [
      { key: 'name', type: 'text', labelZh: '姓名', labelEn: 'Name', required: true },
      { key: 'degree', type: 'radio', labelZh: '学历', labelEn: 'Degree', required: true, options: [{ value: 'phd', labelZh: '博士', labelEn: 'PhD' }, { value: 'msc', labelZh: '硕士', labelEn: 'Master' }] },
    ],
    detailZh: '<p>详情</p>',
    detailEn: '<p>Details</p>',
    summaryZh: '摘要',
    summaryEn: 'Summary',
    highlightsZh: ['亮点一'],
    highlightsEn: ['Highlight one'],
    isOpen: true,
    isNeedLoginEnroll: true,
    enrollNeedProcess: true,
    enrollDeadline: at(startDays - 1).toISOString(),
    liveUrl: 'https://live.example.com/x',
  })
  const detail = async (id: number, token = ops) => (await h.api('GET', `${A.detail}?id=${id}`, { token })).body
  const addDraft = async (body: Record<string, unknown>, token = org) => {
    const r = await h.api('POST', A.add, { token, body })
    expect(r.body.code).toBe(200)
    return r.body.result.id as number
  }
  const countActivities = async () => Number((await h.db.selectFrom('activities').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)

  test('a draft is saved at each step, rich text sanitized, then published and visible to consumers; unpublish hides it', async () => {
    const c = complete('stepmark')
    const id = await addDraft({ titleZh: c.titleZh, titleEn: c.titleEn })
    const steps: Array<Record<string, unknown>> = [
      { type: c.type, categoryCodes: c.categoryCodes, tagsZh: c.tagsZh, tagsEn: c.tagsEn, posterUrl: c.posterUrl, peopleCount: c.peopleCount },
      { startTime: c.startTime, endTime: c.endTime, addresses: c.addresses },
      { enrollForm: c.enrollForm },
      { detailZh: '<p>详情</p><script>alert(1)</script><img src="x" onerror="alert(2)">', detailEn: '<a href="javascript:alert(3)">x</a>', summaryZh: c.summaryZh },
      { highlightsZh: c.highlightsZh, highlightsEn: c.highlightsEn },
      { isOpen: true, enrollNeedProcess: true, entrustHaijiaoProcess: true, isSyncProject: true, enrollDeadline: c.enrollDeadline, liveUrl: c.liveUrl },
    ]
    for (const step of steps) {
      const r = await h.api('POST', A.save, { token: org, body: { id, ...step } })
      expect(r.body).toMatchObject({ code: 200, result: { id } })
    }
    const d = (await detail(id, org)).result
    expect(d).toMatchObject({ status: 'draft', organizationId: innovationId, type: 'both', peopleCount: 100, entrustHaijiaoProcess: true, isSyncProject: true, liveUrl: c.liveUrl })
    expect(d.addresses).toEqual(c.addresses)
    expect(d.enrollForm.map((f: { key: string }) => f.key)).toEqual(['name', 'degree'])
    expect(d.endTime).toBe(new Date(c.endTime).toISOString())
    expect(d.detailZh).not.toMatch(/script|onerror/)
    expect(d.detailZh).toContain('<p>详情</p>')
    expect(d.detailEn).not.toMatch(/javascript/)
    // a draft is not public
    expect((await h.api('GET', `/activity/info/detail?id=${id}`)).body.code).toBe(302)

    const pub = await h.api('POST', A.publish, { token: org, body: { id, detailEn: c.detailEn } })
    expect(pub.body.code).toBe(200)
    const list = await h.api('GET', '/activity/info/list?keyword=stepmark')
    expect(list.body.result.list.map((x: { id: number }) => x.id)).toEqual([id])
    const pd = await h.api('GET', `/activity/info/detail?id=${id}`)
    expect(pd.body.result).toMatchObject({ id, titleEn: c.titleEn, country: 'CN', timeZone: 'UTC+08:00', enrollNeedProcess: true })
    const form = await h.api('GET', `/activity/enroll/form?activityId=${id}`)
    expect(form.body.result.fields).toEqual(c.enrollForm)

    expect((await h.api('POST', A.unpublish, { token: org, body: { id } })).body.code).toBe(200)
    expect((await h.api('GET', `/activity/info/detail?id=${id}`)).body.code).toBe(302)
    expect((await h.api('POST', A.republish, { token: org, body: { id } })).body.code).toBe(200)
    expect((await h.api('GET', `/activity/info/detail?id=${id}`)).body.code).toBe(200)
  })

  test.each([
    ['deadline after the end', (c: any) => ({ enrollDeadline: new Date(new Date(c.endTime).getTime() + 60_000).toISOString() }), 'enrollDeadline'],
    ['no address', () => ({ addresses: [] }), 'addresses'],
    ['time zone beyond +12:00', (c: any) => ({ addresses: [{ ...c.addresses[0], timeZone: 'UTC+13:00' }] }), 'addresses.0.timeZone'],
    ['live link not http(s)', () => ({ liveUrl: 'ftp://live.example.com' }), 'liveUrl'],
    ['choice field without options', (c: any) => ({ enrollForm: [{ ...c.enrollForm[1], options: [] }] }), 'enrollForm.0.options'],
    ['duplicate field keys', (c: any) => ({ enrollForm: [c.enrollForm[0], c.enrollForm[0]] }), 'enrollForm.1.key'],
    ['unknown field type', () => ({ enrollForm: [{ key: 'x', type: 'rating', labelZh: 'x', labelEn: 'x', required: false }] }), 'enrollForm.0.type'],
    ['end before start', (c: any) => ({ endTime: c.startTime }), 'endTime'],
  ])('publish refused: %s → 301 naming the field, nothing changed', async (_n, patch, field) => {
    const c = complete(`rule${field.replace(/\W/g, '')}`)
    const id = await addDraft(c)
    const before = await detail(id)
    const r = await h.api('POST', A.publish, { token: org, body: { id, ...patch(c) } })
    expect(r.body.code).toBe(301)
    expect(r.body.result.field).toBe(field)
    expect(await detail(id)).toEqual(before)
    expect(before.result.status).toBe('draft')
  })

  test('a draft may be incomplete, publishing it may not; a stored draft without an address is refused by the manager toggle', async () => {
    const id = await addDraft({ titleZh: '只有标题' })
    expect((await detail(id)).result).toMatchObject({ status: 'draft', addresses: [], titleEn: '' })
    expect((await h.api('POST', A.republish, { token: org, body: { id } })).body).toMatchObject({ code: 301, result: { field: 'titleEn' } })
    expect((await h.api('POST', A.save, { token: org, body: { id, titleEn: 'Only a title' } })).body.code).toBe(200)
    expect((await h.api('POST', A.republish, { token: org, body: { id } })).body).toMatchObject({ code: 301, result: { field: 'startTime' } })
    const before = await countActivities()
    expect((await h.api('POST', A.add, { token: org, body: { addresses: [{ country: 'CN', timeZone: 'UTC-12:30' }] } })).body.code).toBe(301)
    expect(await countActivities()).toBe(before)
  })

  test('organizer boundary: own activities only; another organisation’s answers 302 and is unchanged; new ones are forced into its own', async () => {
    const mine = await h.api('GET', `${A.list}?pageSize=100`, { token: org })
    expect(mine.body.result.total).toBeGreaterThan(0)
    expect(new Set(mine.body.result.list.map((x: { organizationId: number }) => x.organizationId))).toEqual(new Set([innovationId]))
    const all = await h.api('GET', `${A.list}?pageSize=100`, { token: ops })
    expect(all.body.result.total).toBeGreaterThan(mine.body.result.total)

    const other = await h.db.selectFrom('activities').select(['id', 'title_zh', 'status']).where('organization_id', '!=', innovationId).where('status', '=', 'published').where('is_hot', '=', 0).orderBy('id').executeTakeFirstOrThrow()
    const before = await detail(other.id)
    for (const [method, url, body] of [
      ['GET', `${A.detail}?id=${other.id}`, undefined],
      ['POST', A.save, { id: other.id, titleZh: 'hijack' }],
      ['POST', A.publish, { id: other.id, titleZh: 'hijack' }],
      ['POST', A.unpublish, { id: other.id }],
      ['POST', A.department, { id: other.id, departmentId: null }],
      ['GET', `${A.share}?id=${other.id}`, undefined],
      ['DELETE', `${A.delete}?id=${other.id}`, undefined],
    ] as const) {
      const r = await h.api(method, url, { token: org, body })
      expect({ url, code: r.body.code }).toEqual({ url, code: 302 })
    }
    expect(await detail(other.id)).toEqual(before)
    // the hot button is operations' only
    const hot = await h.api('POST', A.hot, { token: org, body: { id: other.id, isHot: true } })
    expect([hot.status, hot.body.code]).toEqual([403, 402])

    const forced = await addDraft({ titleZh: '越界', organizationId: other.id === innovationId ? 0 : (await h.db.selectFrom('organizations').select('id').where('id', '!=', innovationId).where('pid', '=', 0).executeTakeFirstOrThrow()).id })
    expect((await detail(forced)).result.organizationId).toBe(innovationId)
  })

  test('a hot activity cannot be deleted (621, kept); once not hot it is deleted', async () => {
    const id = await addDraft(complete('hotmark'))
    expect((await h.api('POST', A.hot, { token: ops, body: { id, isHot: true } })).body.code).toBe(200)
    const r = await h.api('DELETE', `${A.delete}?id=${id}`, { token: org })
    expect(r.body.code).toBe(621)
    expect((await detail(id)).code).toBe(200)
    expect((await h.api('POST', A.hot, { token: ops, body: { id, isHot: false } })).body.code).toBe(200)
    expect((await h.api('DELETE', `${A.delete}?id=${id}`, { token: org })).body.code).toBe(200)
    expect((await detail(id)).code).toBe(302)
  })

  test('deleting an activity with enrolments removes them with it', async () => {
    const row = { id: await addDraft(complete('delmark')) }
    expect((await h.api('POST', A.publish, { token: org, body: { id: row.id } })).body.code).toBe(200)
    const enrol = await h.api('POST', '/activity/enroll/submit', { token: consumer, body: { activityId: row.id, answers: { name: '王同学', degree: 'phd' } } })
    expect(enrol.body).toMatchObject({ code: 200, result: { status: 'pending' } })
    expect((await h.api('DELETE', `${A.delete}?id=${row.id}`, { token: org })).body.code).toBe(200)
    expect(await h.db.selectFrom('activity_enrollments').select('id').where('activity_id', '=', row.id).execute()).toEqual([])
    expect((await h.api('GET', `/activity/info/detail?id=${row.id}`)).body.code).toBe(302)
  })

  test('manager filters in_process / ended / draft follow the clock; keyword and sort', async () => {
    const running = await addDraft(complete('filtmark one', 1))
    const ended = await addDraft(complete('filtmark two', -5))
    const draft = await addDraft(complete('filtmark three', 3))
    for (const id of [running, ended]) expect((await h.api('POST', A.publish, { token: org, body: { id } })).body.code).toBe(200)
    const ids = async (filter: string, extra = '') =>
      (await h.api('GET', `${A.list}?keyword=filtmark&filter=${filter}${extra}`, { token: org })).body.result.list.map((x: { id: number }) => x.id)
    expect(await ids('in_process')).toEqual([running])
    expect(await ids('ended')).toEqual([ended])
    expect(await ids('draft')).toEqual([draft])
    expect(await ids('all', '&sortField=startTime&sortOrder=ascend')).toEqual([ended, running, draft])
    expect(await ids('all', '&sortField=startTime&sortOrder=descend')).toEqual([draft, running, ended])
    const item = (await h.api('GET', `${A.list}?keyword=filtmark&filter=ended`, { token: org })).body.result.list[0]
    expect(item).toMatchObject({ status: 'published', timeStatus: 'ended', organizationId: innovationId })
    h.clock.advance(2 * DAY)
    expect(await ids('in_process')).toEqual([])
    expect((await ids('ended')).sort()).toEqual([running, ended].sort())
  })

  test('department setting: a department of the activity’s organisation, nothing else', async () => {
    const id = await addDraft({ titleZh: '部门' })
    const dept = await h.db.selectFrom('organizations').select('id').where('pid', '=', innovationId).orderBy('id').executeTakeFirstOrThrow()
    expect((await h.api('POST', A.department, { token: org, body: { id, departmentId: dept.id } })).body.code).toBe(200)
    expect((await detail(id)).result.departmentId).toBe(dept.id)
    const listed = (await h.api('GET', `${A.list}?filter=draft&pageSize=100`, { token: org })).body.result.list.find((x: { id: number }) => x.id === id)
    expect(listed).toMatchObject({ departmentId: dept.id, departmentNameZh: expect.any(String) })
    const bad = await h.api('POST', A.department, { token: org, body: { id, departmentId: innovationId } })
    expect(bad.body).toMatchObject({ code: 301, result: { field: 'departmentId' } })
    expect((await detail(id)).result.departmentId).toBe(dept.id)
  })

  test('share: the consumer link on the given origin and a PNG QR code', async () => {
    const id = await addDraft({ titleZh: '分享' })
    const r = await h.api('GET', `${A.share}?id=${id}&origin=${encodeURIComponent('https://haijiao.example')}`, { token: org })
    expect(r.body.result.url).toBe(`https://haijiao.example/activityDetail?id=${id}`)
    expect(r.body.result.qrDataUrl).toMatch(/^data:image\/png;base64,/)
  })

  test('kefu and consumers are refused with 402 on every activity admin route', async () => {
    for (const token of [kefu, consumer]) {
      for (const [method, url, body] of [
        ['GET', A.list, undefined],
        ['GET', A.options, undefined],
        ['POST', A.add, { titleZh: 'x' }],
        ['POST', A.save, { id: 1, titleZh: 'x' }],
        ['POST', A.publish, { id: 1 }],
        ['POST', A.hot, { id: 1, isHot: true }],
        ['DELETE', `${A.delete}?id=1`, undefined],
      ] as const) {
        const r = await h.api(method, url, { token, body })
        expect({ url, status: r.status, code: r.body.code }).toEqual({ url, status: 403, code: 402 })
      }
    }
  })
})
