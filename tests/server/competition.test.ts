/**
 * Competitions and industrial parks, projects, requirement tracking and visits, through the admin API and
 * the consumer read API: round trips, at least one banner (301 naming the field), one competition per
 * activity (626, also under two concurrent links), the organisation data scope (302, nothing changes),
 * the requirement status history (628 for a change out of order), isSyncProject (an approved enrollee's
 * project joins the competition) and entrustHaijiaoProcess (operations approve, the organizer reads only: 627).
 */
import { describeEachDb, insertActivity, loginDemoRoles, type Harness } from './harness'
import { COMPETITION_API as C, PROJECT_API as P } from '@contracts/admin-competition'
import { ADMIN_ENROLL_API as E } from '@contracts/admin-enrollment'
import { API } from '@contracts/api'

describeEachDb('competitions, parks, projects, requirements and visits', (get) => {
  let h: Harness
  let ops: string
  let org: string
  let ownOrg: number
  let otherOrg: number
  let field: string
  const banners = ['/static/posters/park-1.svg', '/static/posters/park-2.svg']
  const park = {
    kind: 'park',
    titleZh: '临港科创园',
    titleEn: 'Lingang Innovation Park',
    summaryZh: '园区简介',
    summaryEn: 'About the park',
    contentZh: '<p>园区介绍</p>',
    contentEn: '<p>The park</p>',
    banners,
    startTime: '2026-12-01T01:00:00.000Z',
    endTime: '2027-06-30T10:00:00.000Z',
  }

  /** published activities not linked to any competition */
  const freeActivities = async (n: number, organizationId?: number) => {
    const linked = (await h.db.selectFrom('competition_activities').select('activity_id').execute()).map((r) => r.activity_id)
    let q = h.db.selectFrom('activities').select('id').where('status', '=', 'published').where('id', 'not in', linked.length ? linked : [-1])
    if (organizationId) q = q.where('organization_id', '=', organizationId)
    return (await q.orderBy('id').limit(n).execute()).map((r) => r.id)
  }
  const addPark = async (patch: Record<string, unknown> = {}) => {
    const r = await h.api('POST', C.add, { token: ops, body: { ...park, ...patch } })
    expect(r.body.code).toBe(200)
    await h.api('POST', C.publish, { token: ops, body: { id: r.body.result.id, publish: true } })
    return r.body.result.id as number
  }

  beforeAll(async () => {
    h = get()
    ;({ ops, org } = await loginDemoRoles(h))
    ownOrg = (await h.db.selectFrom('organizations').select('id').where('name_zh', '=', '海归创新中心').executeTakeFirstOrThrow()).id
    otherOrg = (await h.db.selectFrom('organizations').select('id').where('id', '!=', ownOrg).where('pid', '=', 0).orderBy('id').executeTakeFirstOrThrow()).id
    field = (await h.api('GET', P.options, { token: ops })).body.result.fields[0].code
  })

  it('the demo seed: seeded competitions have participating projects, the tracking an overdue requirement and a visit', async () => {
    const first = (await h.api('GET', API.competitionList)).body.result.list[0]
    expect((await h.api('GET', `${API.competitionDetail}?id=${first.id}`)).body.result.orgProjects.length).toBeGreaterThan(0)
    const overdue = await h.api('GET', `${P.requirementList}?overdue=true`, { token: ops })
    expect(overdue.body.result.list.length).toBeGreaterThan(0)
    expect(overdue.body.result.list.every((r: { overdue: boolean }) => r.overdue)).toBe(true)
    expect((await h.api('GET', P.visitList, { token: ops })).body.result.total).toBeGreaterThan(0)
  })

  it('operations create a park with banners: the consumer detail shows it in both languages once published', async () => {
    const r = await h.api('POST', C.add, { token: ops, body: park })
    expect(r.body).toMatchObject({ code: 200, result: { kind: 'park', status: 'draft', banners } })
    const id = r.body.result.id as number
    expect((await h.api('GET', `${API.competitionDetail}?id=${id}`)).body.code).toBe(302)
    await h.api('POST', C.publish, { token: ops, body: { id, publish: true } })
    const detail = await h.api('GET', `${API.competitionDetail}?id=${id}`)
    expect(detail.body.result).toMatchObject({ id, kind: 'park', titleZh: '临港科创园', titleEn: 'Lingang Innovation Park', banners, contentEn: '<p>The park</p>' })

    const edited = await h.api('POST', C.update, { token: ops, body: { ...park, id, titleEn: 'Lingang Park', banners: [banners[1]] } })
    expect(edited.body.result.banners).toEqual([banners[1]])
    expect((await h.api('GET', `${API.competitionDetail}?id=${id}`)).body.result).toMatchObject({ titleEn: 'Lingang Park', banners: [banners[1]] })
    const listed = await h.api('GET', `${C.list}?kind=park&keyword=Lingang`, { token: ops })
    expect(listed.body.result.list).toEqual([expect.objectContaining({ id, bannerCount: 1 })])
    const share = await h.api('GET', `${C.share}?id=${id}`, { token: ops })
    expect(share.body.result.url).toMatch(new RegExp(`/competition\\?id=${id}$`))
    expect(share.body.result.qrDataUrl).toMatch(/^data:image\/png;base64,/)

    expect((await h.api('DELETE', `${C.delete}?id=${id}`, { token: ops })).body.code).toBe(200)
    expect((await h.api('GET', `${API.competitionDetail}?id=${id}`)).body.code).toBe(302)
  })

  it.each([
    ['no banner', { banners: [] }, 'banners'],
    ['only blank banners', { banners: [''] }, 'banners'],
    ['an end before the start', { endTime: '2026-01-01T00:00:00.000Z' }, 'endTime'],
    ['no English title', { titleEn: ' ' }, 'titleEn'],
  ])('refuses %s with 301 naming the field, and stores nothing', async (_n, patch, fieldName) => {
    const before = (await h.db.selectFrom('competitions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())!.n
    const r = await h.api('POST', C.add, { token: ops, body: { ...park, ...patch } })
    expect(r.body).toMatchObject({ code: 301, result: { field: fieldName } })
    expect(r.body.message).toContain(fieldName)
    expect((await h.db.selectFrom('competitions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())!.n).toBe(before)
  })

  it('links several activities in order; one linked elsewhere is refused with 626 and nothing of the batch is linked', async () => {
    const a = await addPark()
    const b = await addPark({ titleZh: '大赛 B', titleEn: 'Competition B', kind: 'competition' })
    const [x, y, z] = await freeActivities(3)
    const linked = await h.api('POST', C.activityLink, { token: ops, body: { competitionId: a, activityIds: [y, x] } })
    expect(linked.body.result.map((r: { id: number }) => r.id)).toEqual([y, x])
    expect((await h.api('GET', `${API.competitionDetail}?id=${a}`)).body.result.activities.map((r: { id: number }) => r.id)).toEqual([y, x])

    const refused = await h.api('POST', C.activityLink, { token: ops, body: { competitionId: b, activityIds: [z, x] } })
    expect(refused.body.code).toBe(626)
    expect((await h.api('GET', `${C.activities}?competitionId=${b}`, { token: ops })).body.result).toEqual([])

    const candidates = await h.api('GET', `${C.activityCandidates}?pageSize=100`, { token: ops })
    expect(candidates.body.result.list.find((r: { id: number }) => r.id === x)).toMatchObject({ competitionId: a })

    await h.api('POST', C.activityOrder, { token: ops, body: { competitionId: a, activityIds: [x, y] } })
    expect((await h.api('GET', `${API.competitionDetail}?id=${a}`)).body.result.activities.map((r: { id: number }) => r.id)).toEqual([x, y])
    await h.api('POST', C.activityUnlink, { token: ops, body: { competitionId: a, activityId: x } })
    expect((await h.api('POST', C.activityLink, { token: ops, body: { competitionId: b, activityIds: [x] } })).body.code).toBe(200)
  })

  it('two concurrent links of one activity to two competitions: exactly one wins, the other gets 626', async () => {
    const a = await addPark({ titleZh: '并发 A', titleEn: 'Race A' })
    const b = await addPark({ titleZh: '并发 B', titleEn: 'Race B' })
    const [act] = await freeActivities(1)
    const results = await Promise.all([
      h.api('POST', C.activityLink, { token: ops, body: { competitionId: a, activityIds: [act] } }),
      h.api('POST', C.activityLink, { token: ops, body: { competitionId: b, activityIds: [act] } }),
    ])
    expect(results.map((r) => r.body.code).sort()).toEqual([200, 626])
    const rows = await h.db.selectFrom('competition_activities').select('competition_id').where('activity_id', '=', act).execute()
    expect(rows).toHaveLength(1)
  })

  it('the database itself refuses a second competition for an activity', async () => {
    const link = await h.db.selectFrom('competition_activities').select(['activity_id', 'competition_id']).orderBy('activity_id').executeTakeFirstOrThrow()
    const other = await h.db.selectFrom('competitions').select('id').where('id', '!=', link.competition_id).orderBy('id').executeTakeFirstOrThrow()
    let refusal: unknown = null
    try {
      await h.db.insertInto('competition_activities').values({ competition_id: other.id, activity_id: link.activity_id }).execute()
    } catch (err) {
      refusal = err
    }
    expect(String((refusal as { message?: string } | null)?.message ?? refusal)).toMatch(/unique|duplicate/i)
    expect(await h.db.selectFrom('competition_activities').select('competition_id').where('activity_id', '=', link.activity_id).execute()).toEqual([{ competition_id: link.competition_id }])
  })

  it('an organizer adds a project for its own organisation; it joins a park and consumers see it with its open requirements', async () => {
    const parkId = await addPark({ titleZh: '项目园区', titleEn: 'Project Park' })
    const r = await h.api('POST', P.add, {
      token: org,
      body: { titleZh: '固态电池中试', titleEn: 'Solid-state battery pilot', fieldCode: field, stageZh: 'A轮', stageEn: 'Series A', fundingSought: '¥20M', organizationId: otherOrg, competitionIds: [parkId] },
    })
    expect(r.body.code).toBe(302)
    const created = await h.api('POST', P.add, {
      token: org,
      body: { titleZh: '固态电池中试', titleEn: 'Solid-state battery pilot', fieldCode: field, stageZh: 'A轮', stageEn: 'Series A', fundingSought: '¥20M', competitionIds: [parkId], contactEmail: 'pilot@example.com' },
    })
    expect(created.body.result).toMatchObject({ organizationId: ownOrg, status: 'draft', competitionIds: [parkId] })
    const pid = created.body.result.id as number
    await h.api('POST', P.publish, { token: org, body: { id: pid, publish: true } })

    const req = await h.api('POST', P.requirementAdd, { token: org, body: { projectId: pid, kind: 'funding', titleZh: '融资 2000 万', titleEn: 'Raise ¥20M', owner: '王经理', dueDate: '2026-12-31' } })
    expect(req.body.result).toMatchObject({ status: 'open', kind: 'funding', overdue: false })

    const detail = await h.api('GET', `${API.orgProjectDetail}?id=${pid}`)
    expect(detail.body.result).toMatchObject({ titleEn: 'Solid-state battery pilot', stageEn: 'Series A', fundingSought: '¥20M', competitions: [expect.objectContaining({ id: parkId })] })
    expect(detail.body.result.requirements).toEqual([expect.objectContaining({ id: req.body.result.id, kind: 'funding', status: 'open' })])
    const comp = await h.api('GET', `${API.competitionDetail}?id=${parkId}`)
    expect(comp.body.result.orgProjects.map((p: { id: number }) => p.id)).toEqual([pid])
    const list = await h.api('GET', `${API.orgProjectList}?organizationId=${ownOrg}&pageSize=50`)
    expect(list.body.result.list.find((p: { id: number }) => p.id === pid)).toMatchObject({ openRequirementCount: 1 })

    // the project search list (operations) finds it by competition, field and keyword
    const found = await h.api('GET', `${C.projectSearch}?competitionId=${parkId}&fieldCode=${field}&keyword=battery`, { token: ops })
    expect(found.body.result.list.map((p: { id: number }) => p.id)).toEqual([pid])

    // leaving the park first, then the delete goes through and the consumer detail is gone
    expect((await h.api('DELETE', `${P.delete}?id=${pid}`, { token: org })).body.code).toBe(629)
    await h.api('POST', C.projectUnlink, { token: ops, body: { competitionId: parkId, projectId: pid } })
    expect((await h.api('DELETE', `${P.delete}?id=${pid}`, { token: org })).body.code).toBe(200)
    expect((await h.api('GET', `${API.orgProjectDetail}?id=${pid}`)).body.code).toBe(302)
  })

  it("data scope: an organizer neither sees nor changes another organisation's project, requirements or visits (302)", async () => {
    const foreign = await h.api('POST', P.add, { token: ops, body: { titleZh: '外部项目', titleEn: 'Foreign project', fieldCode: field, organizationId: otherOrg } })
    const pid = foreign.body.result.id as number
    const req = await h.api('POST', P.requirementAdd, { token: ops, body: { projectId: pid, kind: 'space', titleZh: '场地', titleEn: 'Space' } })
    const visit = await h.api('POST', P.visitAdd, { token: ops, body: { projectId: pid, visitedAt: '2026-11-20T10:00:00+08:00', timeZone: 'UTC+08:00', visitors: '张三' } })
    expect(visit.body.code).toBe(200)

    expect((await h.api('GET', `${P.detail}?id=${pid}`, { token: org })).body.code).toBe(302)
    expect((await h.api('POST', P.update, { token: org, body: { id: pid, titleZh: '改', titleEn: 'Changed', fieldCode: field } })).body.code).toBe(302)
    expect((await h.api('POST', P.requirementStatus, { token: org, body: { id: req.body.result.id, status: 'met' } })).body.code).toBe(302)
    expect((await h.api('POST', P.visitAdd, { token: org, body: { projectId: pid, visitedAt: '2026-11-20T10:00:00Z', timeZone: 'UTC+00:00', visitors: 'x' } })).body.code).toBe(302)
    expect((await h.api('DELETE', `${P.visitDelete}?id=${visit.body.result.id}`, { token: org })).body.code).toBe(302)
    const lists = await Promise.all([
      h.api('GET', `${P.list}?pageSize=100`, { token: org }),
      h.api('GET', `${P.requirementList}?pageSize=100`, { token: org }),
      h.api('GET', `${P.visitList}?pageSize=100`, { token: org }),
    ])
    for (const l of lists) expect(l.body.result.list.every((x: { id: number; projectId?: number }) => x.id !== pid && x.projectId !== pid)).toBe(true)
    expect((await h.db.selectFrom('org_projects').select('title_en').where('id', '=', pid).executeTakeFirstOrThrow()).title_en).toBe('Foreign project')
    expect((await h.db.selectFrom('org_project_requirements').select('status').where('id', '=', req.body.result.id).executeTakeFirstOrThrow()).status).toBe('open')
    // the competition menus are operations' only
    expect((await h.api('GET', C.list, { token: org })).status).toBe(403)
  })

  it('requirement status: open → in progress → met, recorded with who and when; a change out of order is 628; overdue ones stand out', async () => {
    const pid = (await h.api('POST', P.add, { token: org, body: { titleZh: '需求项目', titleEn: 'Requirement project', fieldCode: field } })).body.result.id as number
    const late = await h.api('POST', P.requirementAdd, { token: org, body: { projectId: pid, kind: 'talent', titleZh: '招聘', titleEn: 'Hire', dueDate: '2020-01-31' } })
    expect(late.body.result.overdue).toBe(true)
    const rid = late.body.result.id as number
    expect((await h.api('GET', `${P.requirementList}?projectId=${pid}&overdue=true`, { token: org })).body.result.list.map((r: { id: number }) => r.id)).toEqual([rid])

    h.clock.advance(1000)
    expect((await h.api('POST', P.requirementStatus, { token: org, body: { id: rid, status: 'in_progress', note: '已对接' } })).body.result.status).toBe('in_progress')
    const met = await h.api('POST', P.requirementStatus, { token: ops, body: { id: rid, status: 'met' } })
    expect(met.body.result).toMatchObject({ status: 'met', overdue: false })
    expect(met.body.result.statusChangedBy).not.toBe('')
    expect((await h.api('POST', P.requirementStatus, { token: ops, body: { id: rid, status: 'open' } })).body.code).toBe(628)

    const history = await h.api('GET', `${P.requirementHistory}?id=${rid}`, { token: org })
    expect(history.body.result.map((x: { fromStatus: string | null; toStatus: string; note: string }) => [x.fromStatus, x.toStatus, x.note])).toEqual([
      [null, 'open', ''],
      ['open', 'in_progress', '已对接'],
      ['in_progress', 'met', ''],
    ])
    expect(history.body.result.every((x: { changedBy: string; changedAt: string }) => x.changedBy && x.changedAt)).toBe(true)
    expect((await h.api('GET', `${P.requirementList}?projectId=${pid}&status=met&kind=talent`, { token: org })).body.result.total).toBe(1)
    // the consumer page shows open requirements only
    await h.api('POST', P.publish, { token: org, body: { id: pid, publish: true } })
    expect((await h.api('GET', `${API.orgProjectDetail}?id=${pid}`)).body.result.requirements).toEqual([])
  })

  it('visits: logged with a zoned time, the requirements they concerned, a project timeline newest first; never public', async () => {
    const pid = (await h.api('POST', P.add, { token: org, body: { titleZh: '走访项目', titleEn: 'Visited project', fieldCode: field } })).body.result.id as number
    const rid = (await h.api('POST', P.requirementAdd, { token: org, body: { projectId: pid, kind: 'policy', titleZh: '政策', titleEn: 'Policy' } })).body.result.id as number
    const bad = await h.api('POST', P.visitAdd, { token: ops, body: { projectId: pid, visitedAt: '2026-11-20 10:00', timeZone: 'UTC+08:00', visitors: '李四' } })
    expect(bad.body).toMatchObject({ code: 301, result: { field: 'visitedAt' } })
    const first = await h.api('POST', P.visitAdd, {
      token: ops,
      body: { projectId: pid, visitedAt: '2026-11-20T10:00:00+08:00', timeZone: 'UTC+08:00', visitors: '李四', requirementIds: [rid], outcome: '达成意向', nextStep: '签约', nextStepDate: '2026-12-10' },
    })
    expect(first.body.result).toMatchObject({ visitedAt: '2026-11-20T02:00:00.000Z', timeZone: 'UTC+08:00', requirements: [expect.objectContaining({ id: rid })] })
    await h.api('POST', P.visitAdd, { token: org, body: { projectId: pid, visitedAt: '2026-11-22T09:30:00Z', timeZone: 'UTC+00:00', visitors: '王五' } })
    const timeline = await h.api('GET', `${P.visitList}?projectId=${pid}`, { token: org })
    expect(timeline.body.result.list.map((v: { visitors: string }) => v.visitors)).toEqual(['王五', '李四'])
    const other = (await h.db.selectFrom('org_project_requirements').select('id').where('project_id', '!=', pid).executeTakeFirstOrThrow()).id
    expect((await h.api('POST', P.visitUpdate, { token: ops, body: { id: first.body.result.id, projectId: pid, visitedAt: '2026-11-20T10:00:00+08:00', timeZone: 'UTC+08:00', visitors: '李四', requirementIds: [other] } })).body).toMatchObject({ code: 301, result: { field: 'requirementIds' } })
    await h.api('POST', P.publish, { token: org, body: { id: pid, publish: true } })
    expect(JSON.stringify((await h.api('GET', `${API.orgProjectDetail}?id=${pid}`)).body.result)).not.toContain('李四')
  })

  it('isSyncProject: approving an enrollee of a syncing activity linked to a competition adds its project to the competition', async () => {
    const compId = await addPark({ kind: 'competition', titleZh: '创业大赛', titleEn: 'Startup Competition' })
    // a new activity of its own: the seed enrols people in every seeded one, and their approved answers would sync too
    const act = await insertActivity(h, { organization_id: ownOrg, title_zh: '同步项目活动', title_en: 'Project sync activity' })
    const form = [
      { key: 'name', type: 'text', labelZh: '姓名', labelEn: 'Name', required: true },
      { key: 'projectName', type: 'text', labelZh: '项目名称', labelEn: 'Project', required: true },
    ]
    await h.db.updateTable('activities').set({ is_sync_project: 1, enroll_need_process: 1, enroll_form: JSON.stringify(form) }).where('id', '=', act).execute()
    const now = h.clock.now().toISOString()
    const enroll = await h.db
      .insertInto('activity_enrollments')
      .values({ activity_id: act, user_id: null, status: 'pending', guest_email: 'founder@example.com', guest_token: 'sync-token', form_answers: JSON.stringify({ name: '赵六', projectName: '量子传感器' }), created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
    await h.api('POST', C.activityLink, { token: ops, body: { competitionId: compId, activityIds: [act] } })
    expect((await h.api('GET', `${API.competitionDetail}?id=${compId}`)).body.result.orgProjects).toEqual([])

    expect((await h.api('POST', E.status, { token: org, body: { id: enroll.id, status: 'approved' } })).body.code).toBe(200)
    const projects = (await h.api('GET', `${API.competitionDetail}?id=${compId}`)).body.result.orgProjects
    expect(projects).toEqual([expect.objectContaining({ titleZh: '量子传感器', organizationId: ownOrg })])
    // approving again (back to pending and approved) does not add it twice
    await h.api('POST', E.status, { token: org, body: { id: enroll.id, status: 'pending' } })
    await h.api('POST', E.status, { token: org, body: { id: enroll.id, status: 'approved' } })
    expect((await h.api('GET', `${API.competitionDetail}?id=${compId}`)).body.result.orgProjects).toHaveLength(1)
    expect((await h.api('GET', `${P.list}?competitionId=${compId}`, { token: org })).body.result.list[0]).toMatchObject({ sourceEnrollmentId: enroll.id })
  })

  it('entrustHaijiaoProcess: operations approve the enrolments, the organizer sees them read-only (627)', async () => {
    const [act] = await freeActivities(1, ownOrg)
    await h.db.updateTable('activities').set({ entrust_haijiao_process: 1, enroll_need_process: 1 }).where('id', '=', act).execute()
    const now = h.clock.now().toISOString()
    const enroll = await h.db
      .insertInto('activity_enrollments')
      .values({ activity_id: act, user_id: null, status: 'pending', guest_email: 'entrusted@example.com', guest_token: 'entrust-token', form_answers: '{}', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
    const seen = await h.api('GET', `${E.list}?activityId=${act}`, { token: org })
    expect(seen.body.result.activity).toMatchObject({ entrustHaijiaoProcess: true, readOnly: true })
    expect(seen.body.result.list.map((e: { id: number }) => e.id)).toContain(enroll.id)
    expect((await h.api('POST', E.status, { token: org, body: { id: enroll.id, status: 'approved' } })).body.code).toBe(627)
    expect((await h.api('POST', E.remark, { token: org, body: { id: enroll.id, remark: 'x' } })).body.code).toBe(627)
    expect((await h.db.selectFrom('activity_enrollments').select('status').where('id', '=', enroll.id).executeTakeFirstOrThrow()).status).toBe('pending')
    expect((await h.api('GET', `${E.list}?activityId=${act}`, { token: ops })).body.result.activity.readOnly).toBe(false)
    expect((await h.api('POST', E.status, { token: ops, body: { id: enroll.id, status: 'approved' } })).body.result.status).toBe('approved')
  })
})
