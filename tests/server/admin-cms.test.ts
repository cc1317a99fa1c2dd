/**
 * CMS admin on SQLite and PostgreSQL: each content type's create → edit → publish → visible
 * through the consumer read API → unpublish → gone; information needs a publish time (622); hot items
 * cannot be deleted (619/620); publishing queues the subscribers' news event; policy rule cards drive
 * /policy/match/run and refuse min > max; organizer, agent and consumer are refused (402) and nothing
 * changes; rich text is sanitized on the way in.
 */
import { describeEachDb, type Harness } from './harness'
import { CMS_API as A } from '@contracts/admin-cms'

const topicBody = {
  titleZh: '测试专题 cms-topic-001',
  titleEn: 'Test topic cms-topic-001',
  summaryZh: '摘要',
  summaryEn: 'Summary',
  coverUrl: null,
  tagsZh: ['人才', ' 人才 ', '政策'],
  tagsEn: ['talent'],
  contentZh: '<h2>标题</h2><p>正文<script>alert(1)</script><img src="x" onerror="alert(2)"></p>',
  contentEn: '<p><a href="javascript:alert(1)">x</a><strong>bold</strong></p>',
}

const infoBody = {
  titleZh: '测试资讯 cms-info-001',
  titleEn: 'Test information cms-info-001',
  summaryZh: '',
  summaryEn: '',
  coverUrl: null,
  tagsZh: [],
  tagsEn: [],
  contentZh: '<p>内容</p>',
  contentEn: '<p>Content</p>',
  categoryCode: null,
  sourceZh: '海角',
  sourceEn: 'Haijiao',
  publishedAt: null as string | null,
}

const policyBody = {
  titleZh: '测试政策 cms-policy-001',
  titleEn: 'Test policy cms-policy-001',
  summaryZh: '',
  summaryEn: '',
  level: 'municipal',
  categoryCode: null,
  cityZh: '上海',
  cityEn: 'Shanghai',
  issuerZh: '市人社局',
  issuerEn: 'Municipal HR bureau',
  contentZh: '<p>政策内容</p>',
  contentEn: '<p>Policy content</p>',
  publishedAt: null,
}

const answers = { degree: 'doctor', age: 30, overseasYears: 5, returnYears: 1, city: 'zzz-city', title: 'none', platformNature: 'none', professionalField: 'none', foreignNationality: false }

describeEachDb('admin CMS', (get) => {
  let h: Harness
  let ops: string
  beforeAll(async () => {
    h = get()
    ops = await h.adminLogin('ops@haijiao.demo')
  })
  const post = (url: string, body: unknown, token = ops) => h.api('POST', url, { token, body })
  const getAs = (url: string, token = ops) => h.api('GET', url, { token })
  const del = (url: string, token = ops) => h.api('DELETE', url, { token })

  test('topic: create → edit → connect items → publish → consumer sees it → unpublish → gone; sanitized; order', async () => {
    const add = await post(A.topicAdd, topicBody)
    expect(add.body.code).toBe(200)
    const id = add.body.result.id
    expect(add.body.result).toMatchObject({ status: 'draft', tagsZh: ['人才', '政策'] })
    expect(add.body.result.contentZh).toBe('<h2>标题</h2><p>正文<img src="x" /></p>')
    expect(add.body.result.contentEn).toBe('<p><a>x</a><strong>bold</strong></p>')
    // drafts are found by keyword in the admin, invisible to consumers
    expect((await getAs(`${A.topicList}?keyword=cms-topic-001&status=draft`)).body.result.list.map((x: any) => x.id)).toEqual([id])
    expect((await h.api('GET', `/topic/info/detail?id=${id}`)).body.code).toBe(302)

    const upd = await post(A.topicUpdate, { ...topicBody, id, titleZh: '改过的专题 cms-topic-001' })
    expect(upd.body.result.titleZh).toBe('改过的专题 cms-topic-001')

    const acts = (await getAs(`${A.topicCandidates}?type=activity&pageSize=2`)).body.result.list
    const infos = (await getAs(`${A.topicCandidates}?type=information&pageSize=1`)).body.result.list
    expect(acts).toHaveLength(2)
    const items = await post(A.topicItems, { id, type: 'activity', itemIds: [acts[1].id, acts[0].id] })
    expect(items.body.result.items.map((x: any) => x.id)).toEqual([acts[1].id, acts[0].id])
    await post(A.topicItems, { id, type: 'information', itemIds: [infos[0].id] })
    // an unknown item id: 301, nothing changed
    const bad = await post(A.topicItems, { id, type: 'activity', itemIds: [999999] })
    expect(bad.body).toMatchObject({ code: 301, result: { field: 'itemIds' } })
    expect((await getAs(`${A.topicDetail}?id=${id}`)).body.result.items).toHaveLength(3)

    const pub = await post(A.topicPublish, { id, publish: true })
    expect(pub.body.result).toMatchObject({ status: 'published' })
    expect(pub.body.result.publishedAt).toMatch(/Z$/)
    const seen = await h.api('GET', `/topic/info/detail?id=${id}`)
    expect(seen.body.result.titleZh).toBe('改过的专题 cms-topic-001')
    expect(seen.body.result.contentZh).not.toMatch(/script|onerror/)
    expect(seen.body.result.information.map((x: any) => x.id)).toEqual([infos[0].id].filter(() => infos[0].status === 'published'))
    const list = await h.api('GET', `/topic/info/list?keyword=${encodeURIComponent('cms-topic-001')}`)
    expect(list.body.result.list.map((x: any) => x.id)).toEqual([id])

    // admin list: keyword, status filter, sort
    const adminList = await getAs(`${A.topicList}?keyword=cms-topic-001&status=published`)
    expect(adminList.body.result).toMatchObject({ total: 1, list: [{ id, itemCount: 3, status: 'published' }] })
    expect((await post(A.topicSort, { id, sort: 99 })).body.result.sort).toBe(99)
    const bySort = await getAs(`${A.topicList}?sortField=sort&sortOrder=descend&pageSize=1`)
    expect(bySort.body.result.list[0].id).toBe(id)
    // the consumer list follows the editorial order
    expect((await h.api('GET', '/topic/info/list?pageSize=1')).body.result.list[0].id).toBe(id)
    expect((await getAs(`${A.topicList}?sortField=nope`)).body.code).toBe(301)

    await post(A.topicPublish, { id, publish: false })
    expect((await h.api('GET', `/topic/info/detail?id=${id}`)).body.code).toBe(302)
    expect((await h.api('GET', `/topic/info/list?keyword=${encodeURIComponent('cms-topic-001')}`)).body.result.total).toBe(0)

    // hot → delete refused (619), not hot → deleted with its items
    await post(A.hotUpdate, { type: 'topic', id, isHot: true, hotSort: 5 })
    expect((await del(`${A.topicDelete}?id=${id}`)).body.code).toBe(619)
    expect((await getAs(`${A.topicDetail}?id=${id}`)).body.code).toBe(200)
    await post(A.hotUpdate, { type: 'topic', id, isHot: false })
    expect((await del(`${A.topicDelete}?id=${id}`)).body.code).toBe(200)
    expect((await getAs(`${A.topicDetail}?id=${id}`)).body.code).toBe(302)
    expect(await h.db.selectFrom('topic_items').select('item_id').where('topic_id', '=', id).execute()).toEqual([])
  })

  test('topic: missing titles → 301 naming the field, nothing stored', async () => {
    const count = async () => Number((await h.db.selectFrom('topics').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)
    const before = await count()
    expect((await post(A.topicAdd, { ...topicBody, titleZh: '  ' })).body).toMatchObject({ code: 301, result: { field: 'titleZh' } })
    expect((await post(A.topicAdd, { ...topicBody, titleEn: undefined })).body.code).toBe(301)
    expect(await count()).toBe(before)
  })

  test('information: publish needs a publish time (622); publish queues the news event; consumer sees it; unpublish hides it; hot cannot be deleted (620)', async () => {
    const add = await post(A.informationAdd, infoBody)
    expect(add.body.code).toBe(200)
    const id = add.body.result.id
    const refused = await post(A.informationPublish, { id, publish: true })
    expect(refused.body.code).toBe(622)
    expect((await getAs(`${A.informationDetail}?id=${id}`)).body.result.status).toBe('draft')
    // an unparsable time is a missing one
    expect((await post(A.informationUpdate, { ...infoBody, id, publishedAt: 'yesterday' })).body.code).toBe(622)

    const at = '2026-11-20T08:00:00.000+08:00'
    const upd = await post(A.informationUpdate, { ...infoBody, id, titleEn: 'Edited information cms-info-001', publishedAt: at })
    expect(upd.body.result.publishedAt).toBe('2026-11-20T00:00:00.000Z')
    const pub = await post(A.informationPublish, { id, publish: true })
    expect(pub.body.result.status).toBe('published')
    const ev = await h.db.selectFrom('news_events').selectAll().where('kind', '=', 'information').where('item_id', '=', id).executeTakeFirst()
    expect(ev).toBeTruthy()

    const seen = await h.api('GET', `/information/info/detail?id=${id}`)
    expect(seen.body.result).toMatchObject({ titleEn: 'Edited information cms-info-001', sourceZh: '海角', publishedAt: '2026-11-20T00:00:00.000Z' })
    // a published article keeps its publish time
    expect((await post(A.informationUpdate, { ...infoBody, id, publishedAt: null })).body.code).toBe(622)

    const adminList = await getAs(`${A.informationList}?keyword=cms-info-001&sortField=publishedAt&sortOrder=ascend`)
    expect(adminList.body.result.list.map((x: any) => x.id)).toEqual([id])

    await post(A.informationPublish, { id, publish: false })
    expect((await h.api('GET', `/information/info/detail?id=${id}`)).body.code).toBe(302)

    await post(A.hotUpdate, { type: 'information', id, isHot: true })
    expect((await del(`${A.informationDelete}?id=${id}`)).body.code).toBe(620)
    expect((await getAs(`${A.informationDetail}?id=${id}`)).body.code).toBe(200)
    await post(A.hotUpdate, { type: 'information', id, isHot: false })
    expect((await del(`${A.informationDelete}?id=${id}`)).body.code).toBe(200)
  })

  test('policy: create → rule cards → publish → consumer detail and /policy/match/run → unpublish → gone', async () => {
    const add = await post(A.policyAdd, policyBody)
    const id = add.body.result.id
    expect(add.body.result.status).toBe('draft')
    // min > max refused, nothing stored
    const badRule = await post(A.policyRuleSave, { policyId: id, minAge: 40, maxAge: 30 })
    expect(badRule.body).toMatchObject({ code: 301, result: { field: 'maxAge' } })
    expect((await getAs(`${A.policyRuleList}?id=${id}`)).body.result).toEqual([])

    const rule = await post(A.policyRuleSave, { policyId: id, degree: 'master', minAge: 25, maxAge: 35, cities: ['zzz-city'], foreignDescent: 'chinese_only' })
    expect(rule.body.result).toMatchObject({ policyId: id, degree: 'master', minAge: 25, maxAge: 35, cities: ['zzz-city'], titles: [], foreignDescent: 'chinese_only' })
    const ruleId = rule.body.result.id
    const edited = await post(A.policyRuleSave, { id: ruleId, policyId: id, degree: 'master', minAge: 25, maxAge: 45, cities: ['zzz-city'], foreignDescent: 'chinese_only' })
    expect(edited.body.result.maxAge).toBe(45)
    const second = await post(A.policyRuleSave, { policyId: id, degree: 'doctor', minAge: 50 })

    // not published: match ignores it
    const before = await h.api('POST', '/policy/match/run', { body: answers })
    expect(before.body.result.list.some((x: any) => x.policy.id === id)).toBe(false)

    expect((await post(A.policyPublish, { id, publish: true })).body.result.status).toBe('published')
    expect(await h.db.selectFrom('news_events').select('id').where('kind', '=', 'policy').where('item_id', '=', id).executeTakeFirst()).toBeTruthy()
    const seen = await h.api('GET', `/policy/info/detail?id=${id}`)
    expect(seen.body.result).toMatchObject({ titleZh: '测试政策 cms-policy-001', level: 'municipal', cityEn: 'Shanghai' })
    expect(seen.body.result.rules).toHaveLength(2)
    const match = await h.api('POST', '/policy/match/run', { body: answers })
    const mine = match.body.result.list.filter((x: any) => x.policy.id === id)
    expect(mine.find((x: any) => x.ruleId === ruleId)).toMatchObject({ matched: true })
    expect(mine.find((x: any) => x.ruleId === second.body.result.id)).toMatchObject({ matched: false, unmatchedConditions: ['age'] })

    expect((await del(`${A.policyRuleDelete}?id=${second.body.result.id}`)).body.code).toBe(200)
    expect((await getAs(`${A.policyList}?keyword=cms-policy-001`)).body.result.list[0]).toMatchObject({ id, ruleCount: 1, status: 'published' })

    await post(A.policyPublish, { id, publish: false })
    expect((await h.api('GET', `/policy/info/detail?id=${id}`)).body.code).toBe(302)
    expect((await del(`${A.policyDelete}?id=${id}`)).body.code).toBe(200)
    expect(await h.db.selectFrom('policy_rules').select('id').where('policy_id', '=', id).execute()).toEqual([])
  })

  test('hot content: lists per type with hot rows first; the activity flag feeds the consumer home', async () => {
    for (const type of ['activity', 'information', 'topic', 'video']) {
      const r = await getAs(`${A.hotList}?type=${type}&pageSize=5`)
      expect(r.body.code).toBe(200)
      expect(r.body.result.list.length).toBeGreaterThan(0)
    }
    const acts = (await getAs(`${A.hotList}?type=activity&pageSize=50`)).body.result.list
    const published = acts.find((a: any) => a.status === 'published' && !a.isHot)
    if (published) {
      await post(A.hotUpdate, { type: 'activity', id: published.id, isHot: true })
      const hotOnly = (await getAs(`${A.hotList}?type=activity&hot=true&pageSize=100`)).body.result.list
      expect(hotOnly.every((a: any) => a.isHot)).toBe(true)
      expect(hotOnly.map((a: any) => a.id)).toContain(published.id)
      if (hotOnly.length <= 8) {
        const home = await h.api('GET', '/content/home')
        expect(home.body.result.hotActivities.map((a: any) => a.id)).toContain(published.id)
      }
      await post(A.hotUpdate, { type: 'activity', id: published.id, isHot: false })
    }
    const video = (await getAs(`${A.hotList}?type=video&pageSize=1`)).body.result.list[0]
    await post(A.hotUpdate, { type: 'video', id: video.id, isHot: true, hotSort: 7 })
    expect((await getAs(`${A.hotList}?type=video&hot=true`)).body.result.list[0]).toMatchObject({ id: video.id, isHot: true, hotSort: 7 })
    expect((await post(A.hotUpdate, { type: 'video', id: 999999, isHot: true })).body.code).toBe(302)
  })

  test('organizer, agent and consumer are refused (402) and nothing changes', async () => {
    const org = await h.adminLogin('org@haijiao.demo')
    const kefu = await h.adminLogin('kefu@haijiao.demo')
    const consumer = await h.login('user@haijiao.demo')
    const topic = (await getAs(`${A.topicList}?status=published&pageSize=1`)).body.result.list[0]
    for (const token of [org, kefu, consumer]) {
      for (const r of [
        await getAs(A.topicList, token),
        await getAs(`${A.informationList}`, token),
        await getAs(`${A.policyList}`, token),
        await getAs(`${A.hotList}?type=topic`, token),
        await post(A.topicUpdate, { ...topicBody, id: topic.id }, token),
        await post(A.topicPublish, { id: topic.id, publish: false }, token),
        await post(A.hotUpdate, { type: 'topic', id: topic.id, isHot: true }, token),
        await del(`${A.topicDelete}?id=${topic.id}`, token),
      ]) {
        expect(r.status).toBe(403)
        expect(r.body.code).toBe(402)
      }
    }
    expect((await getAs(`${A.topicDetail}?id=${topic.id}`)).body.result).toMatchObject({ titleZh: topic.titleZh, status: 'published' })
    // no token at all: 401
    expect((await h.api('GET', A.topicList)).status).toBe(401)
  })
})
