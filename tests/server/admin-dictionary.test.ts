/**
 * Dictionary admin area: dictionaries (types, options, the public tree and the subscription's
 * professional categories), service categories (every refusal code with nothing changed) and site texts /
 * UI translation overrides, on SQLite and PostgreSQL.
 */
import { describeEachDb, loginDemoRoles, type Harness } from './harness'
import { ADMIN_DICTIONARY_API as A } from '@contracts/admin-dictionary'

describeEachDb('admin dictionary area', (get) => {
  let h: Harness
  let ops: string
  let org: string
  let kefu: string
  let consumer: string
  let kefuUserId: number

  beforeAll(async () => {
    h = get()
    ;({ ops, org, kefu, consumer } = await loginDemoRoles(h))
    kefuUserId = (await h.db.selectFrom('users').select('id').where('email', '=', 'kefu@haijiao.demo').executeTakeFirstOrThrow()).id
  })

  const as = (token: string) => ({
    get: (url: string) => h.api('GET', url, { token }),
    post: (url: string, body: unknown) => h.api('POST', url, { token, body }),
    del: (url: string) => h.api('DELETE', url, { token }),
  })

  const snapshot = async () => ({
    categories: await h.db.selectFrom('service_categories').selectAll().orderBy('id').execute(),
    links: await h.db.selectFrom('service_category_links').selectAll().orderBy('id').execute(),
  })

  describe('dictionaries', () => {
    it('POST /dict/info/tree/dict answers the enabled options of a type in the caller language', async () => {
      const zh = await h.api('POST', A.tree, { body: { categoryCode: 'professional_field' } })
      expect(zh.body.code).toBe(200)
      expect(zh.body.result.length).toBeGreaterThan(3)
      expect(zh.body.result[0]).toEqual(
        expect.objectContaining({ id: expect.any(Number), dictCode: 'ai', dictName: '人工智能', nameEn: 'Artificial intelligence', children: [] }),
      )
      const en = await h.api('POST', A.tree, { body: { categoryCode: 'professional_field' }, headers: { lang: 'en' } })
      expect(en.body.result[0].dictName).toBe('Artificial intelligence')
      expect((await h.api('POST', A.tree, { body: { categoryCode: 'no_such_type' } })).body.code).toBe(302)
      expect((await h.api('POST', A.tree, { body: {} })).body).toEqual(expect.objectContaining({ code: 301, result: { field: 'categoryCode' } }))
    })

    it('types: add, search, rename; duplicate code, system type and a type with options cannot be deleted', async () => {
      const o = as(ops)
      const add = await o.post(A.add, { kind: 'type', code: 'visa_type', nameZh: '签证类型', nameEn: 'Visa types' })
      expect(add.body.code).toBe(200)
      const id = add.body.result.id
      expect((await o.post(A.add, { kind: 'type', code: 'visa_type', nameZh: 'x', nameEn: 'x' })).body).toEqual(expect.objectContaining({ code: 301, result: { field: 'code' } }))
      expect((await o.post(A.add, { kind: 'type', code: 'bad code!', nameZh: 'x', nameEn: 'x' })).body.result).toEqual({ field: 'code' })
      expect((await o.post(A.add, { kind: 'type', code: 'ok_code', nameZh: '  ', nameEn: 'x' })).body.result).toEqual({ field: 'nameZh' })

      const list = await o.get(`${A.typeList}?keyword=VISA&page=1&pageSize=10`)
      expect(list.body.result).toEqual(expect.objectContaining({ total: 1, page: 1, pageSize: 10 }))
      expect(list.body.result.list[0]).toEqual(expect.objectContaining({ id, code: 'visa_type', itemCount: 0, system: false }))
      const sorted = await o.get(`${A.typeList}?sortField=code&sortOrder=desc&pageSize=100`)
      const codes = sorted.body.result.list.map((t: { code: string }) => t.code)
      expect(codes).toEqual([...codes].sort().reverse())

      expect((await o.post(A.update, { kind: 'type', id, nameZh: '签证', nameEn: 'Visas' })).body.code).toBe(200)
      expect((await o.post(A.update, { kind: 'type', id, code: 'renamed', nameZh: '签证', nameEn: 'Visas' })).body.result).toEqual({ field: 'code' })
      const row = await h.db.selectFrom('dict_types').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
      expect([row.code, row.name_zh, row.name_en]).toEqual(['visa_type', '签证', 'Visas'])

      const item = await o.post(A.add, { kind: 'item', typeCode: 'visa_type', code: 'r', nameZh: 'R字签证', nameEn: 'R visa' })
      expect(item.body.code).toBe(200)
      expect((await o.del(`${A.delete}?kind=type&id=${id}`)).body.result).toEqual({ field: 'items' })
      const pro = await h.db.selectFrom('dict_types').select('id').where('code', '=', 'professional_field').executeTakeFirstOrThrow()
      expect((await o.del(`${A.delete}?kind=type&id=${pro.id}`)).body.result).toEqual({ field: 'code' })
      expect(await h.db.selectFrom('dict_types').select('id').where('id', 'in', [id, pro.id]).execute()).toHaveLength(2)

      expect((await o.del(`${A.delete}?kind=item&id=${item.body.result.id}`)).body.code).toBe(200)
      expect((await o.del(`${A.delete}?kind=type&id=${id}`)).body.code).toBe(200)
      expect((await o.del(`${A.delete}?kind=type&id=${id}`)).body.code).toBe(302)
    })

    it('a new professional option appears in the subscription dialog options; disabled, it disappears; order is editable', async () => {
      const o = as(ops)
      const add = await o.post(A.add, {
        kind: 'item',
        typeCode: 'professional_field',
        code: 'quantum',
        nameZh: '量子科技',
        nameEn: 'Quantum technology',
        internationalizeKey: 'dict.professional.quantum',
      })
      expect(add.body.code).toBe(200)
      const id = add.body.result.id
      const seen = async () => ((await h.api('GET', '/system/subscribe/list/category')).body.result as Array<{ code: string; nameEn: string }>).find((c) => c.code === 'quantum')
      expect(await seen()).toEqual(expect.objectContaining({ code: 'quantum', nameZh: '量子科技', nameEn: 'Quantum technology' }))
      // a visitor can subscribe to it at once
      const sub = await h.api('POST', '/system/subscribe/add/subscribe_info', { body: { email: 'quantum-fan@example.com', professionalCodeList: ['quantum'] } })
      expect(sub.body.code).toBe(200)

      expect((await o.post(A.add, { kind: 'item', typeCode: 'professional_field', code: 'quantum', nameZh: 'x', nameEn: 'x' })).body.result).toEqual({ field: 'code' })
      expect((await o.post(A.add, { kind: 'item', typeCode: 'nope', code: 'q2', nameZh: 'x', nameEn: 'x' })).body.result).toEqual({ field: 'typeCode' })

      expect((await o.post(A.update, { kind: 'item', id, nameZh: '量子信息', nameEn: 'Quantum information', status: 0 })).body.code).toBe(200)
      expect(await seen()).toBeUndefined()
      const tree = await h.api('POST', A.tree, { body: { categoryCode: 'professional_field' } })
      expect(tree.body.result.find((i: { dictCode: string }) => i.dictCode === 'quantum')).toBeUndefined()
      const admin = await o.get(`${A.itemList}?typeCode=professional_field&keyword=quantum`)
      expect(admin.body.result.list).toEqual([expect.objectContaining({ id, code: 'quantum', nameEn: 'Quantum information', status: 0, internationalizeKey: 'dict.professional.quantum' })])
      expect((await o.post(A.update, { kind: 'item', id, status: 1, nameZh: '量子信息', nameEn: 'Quantum information' })).body.code).toBe(200)

      // order: the new option first
      const all = await o.get(`${A.itemList}?typeCode=professional_field&pageSize=100`)
      const ids: number[] = all.body.result.list.map((i: { id: number }) => i.id)
      const order = [id, ...ids.filter((x) => x !== id)]
      expect((await o.post(A.sort, { typeCode: 'professional_field', ids: order })).body.code).toBe(200)
      const opts = (await h.api('GET', '/system/subscribe/list/category')).body.result as Array<{ code: string }>
      expect(opts[0].code).toBe('quantum')
      // a part of the list (one page): the two swap places, the others keep theirs
      expect((await o.post(A.sort, { typeCode: 'professional_field', ids: [order[2], order[1]] })).body.code).toBe(200)
      const swapped = (await o.get(`${A.itemList}?typeCode=professional_field&pageSize=100`)).body.result.list.map((i: { id: number }) => i.id)
      expect(swapped).toEqual([order[0], order[2], order[1], ...order.slice(3)])
      // ids of another type are refused and nothing moves
      const country = await h.db.selectFrom('dict_items').select('id').where('type_code', '=', 'country').executeTakeFirstOrThrow()
      const before = await h.db.selectFrom('dict_items').select(['id', 'sort']).where('type_code', '=', 'professional_field').orderBy('id').execute()
      expect((await o.post(A.sort, { typeCode: 'professional_field', ids: [country.id, id] })).body.result).toEqual({ field: 'ids' })
      expect(await h.db.selectFrom('dict_items').select(['id', 'sort']).where('type_code', '=', 'professional_field').orderBy('id').execute()).toEqual(before)
    })
  })

  describe('service categories', () => {
    const tree = async () => (await as(ops).get(A.categoryTree)).body.result.list as Array<{ id: number; nameEn: string; hidden: number; links: string[]; children: any[] }>

    it('seeds a bilingual tree answered by the service agent, the roots linked to the returning-home services', async () => {
      const list = await tree()
      expect(list.map((n) => n.nameEn)).toEqual(['Job hunting', 'Entrepreneurship', 'Technology transfer'])
      expect(list[0]).toEqual(expect.objectContaining({ agentUserId: kefuUserId, agentName: expect.any(String), links: ['repatriation_service:apply_job'] }))
      expect(list[1].children.map((c: { nameZh: string }) => c.nameZh)).toEqual(['注册落地', '融资对接', '人才政策申报'])
      const sub = await as(ops).get(`${A.categoryTree}?id=${list[1].id}`)
      expect(sub.body.result.list).toHaveLength(1)
      expect(sub.body.result.list[0].id).toBe(list[1].id)
      expect((await as(ops).get(`${A.categoryTree}?id=999999`)).body.code).toBe(618)
      const found = await as(ops).get(`${A.categoryTree}?keyword=financ`)
      expect(found.body.result.list.map((n: { nameEn: string }) => n.nameEn)).toEqual(['Entrepreneurship'])
      expect(found.body.result.list[0].children.map((n: { nameEn: string }) => n.nameEn)).toEqual(['Financing'])
      const agents = await as(ops).get(A.categoryAgents)
      expect(agents.body.result.map((a: { userId: number }) => a.userId)).toContain(kefuUserId)
      const business = await as(ops).get(A.categoryBusiness)
      expect(business.body.result.find((b: { bizCode: string }) => b.bizCode === 'apply_job')).toEqual(expect.objectContaining({ categoryId: list[0].id }))
    })

    it('add / edit / hide / delete, and every refusal code changes nothing', async () => {
      const o = as(ops)
      const [jobs, startup] = await tree()
      const good = { pid: jobs.id, nameZh: '博士后', nameEn: 'Postdocs', sort: 30, agentUserId: kefuUserId }
      const before = await snapshot()
      const refusals: Array<[string, unknown, number, string?]> = [
        [A.categoryAdd, { ...good, nameZh: ' ' }, 605, 'nameZh'],
        [A.categoryAdd, { ...good, nameEn: undefined }, 605, 'nameEn'],
        [A.categoryAdd, { ...good, sort: null }, 606, 'sort'],
        [A.categoryAdd, { ...good, sort: undefined }, 606, 'sort'],
        [A.categoryAdd, { ...good, agentUserId: null }, 607, 'agentUserId'],
        [A.categoryAdd, { ...good, pid: 999999 }, 618, 'pid'],
        [A.categoryUpdate, { id: 999999, nameZh: 'x' }, 618, 'id'],
        [A.categoryUpdate, { id: jobs.id, nameZh: '' }, 605, 'nameZh'],
        [A.categoryUpdate, { id: jobs.id, sort: null }, 606, 'sort'],
        [A.categoryUpdate, { id: jobs.id, agentUserId: null }, 607, 'agentUserId'],
        [A.categoryUpdate, { id: jobs.id, pid: jobs.children[0].id }, 301, 'pid'],
        // 601: the children are visible; 603: linked to the apply_job service
        [A.categoryUpdate, { id: startup.id, hidden: 1 }, 601, 'hidden'],
      ]
      for (const [url, body, code, field] of refusals) {
        const r = await o.post(url, body)
        expect({ url, body, code: r.body.code, field: r.body.result?.field }).toEqual({ url, body, code, field })
      }
      // a consumer account is no service agent
      const userId = (await h.db.selectFrom('users').select('id').where('email', '=', 'user@haijiao.demo').executeTakeFirstOrThrow()).id
      expect((await o.post(A.categoryAdd, { ...good, agentUserId: userId })).body.result).toEqual({ field: 'agentUserId' })
      expect((await o.del(`${A.categoryDelete}?id=${jobs.id}`)).body.code).toBe(600)
      expect((await o.del(`${A.categoryDelete}?id=999999`)).body.code).toBe(618)
      expect(await snapshot()).toEqual(before)

      // a leaf linked to business: cannot be hidden (603) nor deleted (602)
      const leaf = jobs.children[0]
      expect((await o.post(A.categoryUpdate, { id: leaf.id, repatriationCodes: ['apply_job'] })).body.code).toBe(200)
      const linked = await snapshot()
      expect(linked.links.find((l) => l.biz_code === 'apply_job')?.category_id).toBe(leaf.id) // moved from the root
      expect((await o.post(A.categoryUpdate, { id: leaf.id, hidden: 1 })).body.code).toBe(603)
      expect((await o.del(`${A.categoryDelete}?id=${leaf.id}`)).body.code).toBe(602)
      expect((await o.post(A.categoryUpdate, { id: leaf.id, repatriationCodes: ['no_such_service'] })).body.result).toEqual({ field: 'repatriationCodes' })
      expect(await snapshot()).toEqual(linked)

      // add a child, hide the children then the parent, show again; delete the new leaf
      const add = await o.post(A.categoryAdd, good)
      expect(add.body.code).toBe(200)
      const newId = add.body.result.id
      expect((await o.post(A.categoryUpdate, { id: newId, nameEn: 'Postdoctoral posts', sort: 5 })).body.code).toBe(200)
      for (const c of startup.children) expect((await o.post(A.categoryUpdate, { id: c.id, hidden: 1 })).body.code).toBe(200)
      expect((await o.post(A.categoryUpdate, { id: startup.id, hidden: 1 })).body.code).toBe(603) // still answers 'entrepreneurship'
      expect((await o.post(A.categoryUpdate, { id: startup.id, hidden: 1, repatriationCodes: [] })).body.code).toBe(200)
      const after = await tree()
      expect(after[1]).toEqual(expect.objectContaining({ hidden: 1, links: [] }))
      expect(after[0].children[0]).toEqual(expect.objectContaining({ id: newId, nameEn: 'Postdoctoral posts', sort: 5 }))
      expect((await o.del(`${A.categoryDelete}?id=${newId}`)).body.code).toBe(200)
      expect(await h.db.selectFrom('service_categories').select('id').where('id', '=', newId).executeTakeFirst()).toBeUndefined()
    })
  })

  describe('texts and translations', () => {
    it('an edited site text is what /system/text/detail answers at once; HTML is sanitized, plain text kept', async () => {
      const o = as(ops)
      const list = await o.get(`${A.textList}?keyword=privacy`)
      expect(list.body.result.list.map((t: { code: string }) => t.code)).toEqual(['privacy_policy'])
      const before = (await h.api('GET', '/system/text/detail?code=user_agreement')).body.result
      const r = await o.post(A.textUpdate, {
        code: 'user_agreement',
        titleZh: '用户协议（新版）',
        titleEn: 'User Agreement (new)',
        contentZh: '<p onclick="alert(1)">欢迎<script>alert(1)</script><img src="javascript:alert(1)"><a href="javascript:alert(2)">链接</a></p>',
        contentEn: 'Plain text terms.\n\nSecond paragraph.',
      })
      expect(r.body.code).toBe(200)
      const after = (await h.api('GET', '/system/text/detail?code=user_agreement')).body.result
      expect(after.titleZh).toBe('用户协议（新版）')
      expect(after.contentZh).toContain('欢迎')
      expect(after.contentZh).not.toMatch(/script|onclick|javascript:/i)
      expect(after.contentEn).toBe('Plain text terms.\n\nSecond paragraph.')
      expect(before.titleZh).not.toBe(after.titleZh)

      // bad input: 301 naming the field, nothing changed
      expect((await o.post(A.textUpdate, { ...after, titleEn: '' })).body.result).toEqual({ field: 'titleEn' })
      expect((await o.post(A.textUpdate, { ...after, contentZh: '<script>x</script>' })).body.result).toEqual({ field: 'contentZh' })
      expect((await o.post(A.textUpdate, { ...after, code: 'nope_text' })).body.code).toBe(302)
      expect((await h.api('GET', '/system/text/detail?code=user_agreement')).body.result).toEqual(after)

      const add = await o.post(A.textAdd, { code: 'cookie_policy', titleZh: 'Cookie 政策', titleEn: 'Cookie policy', contentZh: '我们使用 Cookie。', contentEn: 'We use cookies.' })
      expect(add.body.code).toBe(200)
      expect((await o.post(A.textAdd, { code: 'cookie_policy', titleZh: 'a', titleEn: 'a', contentZh: 'a', contentEn: 'a' })).body.result).toEqual({ field: 'code' })
      expect((await h.api('GET', '/system/text/detail?code=cookie_policy')).body.result.contentEn).toBe('We use cookies.')
    })

    it('a UI translation override is served in the merged locale JSON and can be removed', async () => {
      const o = as(ops)
      const list = await o.get(`${A.translationList}?lang=en&keyword=footer.icp`)
      const row = list.body.result.list.find((t: { key: string }) => t.key === 'footer.icp')
      expect(row).toEqual(expect.objectContaining({ base: expect.any(String), override: null }))
      expect((await o.post(A.translationUpdate, { lang: 'en', key: 'footer.icp', value: 'ICP licence' })).body.code).toBe(200)
      const merged = await h.api('GET', `${A.translationMerged}?lang=en`)
      expect((merged.body as any).footer.icp).toBe('ICP licence')
      // what the apps load at start (refreshLocales): /locales/en.json carries the override too
      const served = await h.app.inject({ method: 'GET', url: '/locales/en.json?t=1' })
      expect(served.json().footer.icp).toBe('ICP licence')
      expect((await h.app.inject({ method: 'GET', url: '/locales/zh-cn.json' })).json().footer.icp).not.toBe('ICP licence')
      expect((await o.get(`${A.translationList}?lang=en&overridden=true`)).body.result.list).toEqual([
        { key: 'footer.icp', base: row.base, override: 'ICP licence' },
      ])
      expect((await o.post(A.translationUpdate, { lang: 'en', key: 'no.such.key', value: 'x' })).body.result).toEqual({ field: 'key' })
      expect((await o.post(A.translationUpdate, { lang: 'en', key: 'footer.icp', value: '<img src=x onerror=alert(1)>' })).body.result).toEqual({ field: 'value' })
      expect((await o.post(A.translationUpdate, { lang: 'en', key: 'footer.icp', value: '' })).body.code).toBe(200)
      expect(((await h.api('GET', `${A.translationMerged}?lang=en`)).body as any).footer.icp).toBe(row.base)
    })
  })

  it('organizer, service agent and consumer are refused (HTTP 403, code 402) and nothing changes', async () => {
    const before = {
      ...(await snapshot()),
      items: await h.db.selectFrom('dict_items').selectAll().orderBy('id').execute(),
      texts: await h.db.selectFrom('site_texts').selectAll().orderBy('code').execute(),
      overrides: await h.db.selectFrom('translation_overrides').selectAll().execute(),
    }
    const cat = (await h.db.selectFrom('service_categories').select('id').where('pid', '>', 0).executeTakeFirstOrThrow()).id
    const item = (await h.db.selectFrom('dict_items').select('id').executeTakeFirstOrThrow()).id
    for (const token of [org, kefu, consumer]) {
      const c = as(token)
      const answers = [
        await c.get(A.typeList),
        await c.get(`${A.itemList}?typeCode=country`),
        await c.post(A.add, { kind: 'item', typeCode: 'country', code: 'XX', nameZh: 'x', nameEn: 'x' }),
        await c.post(A.update, { kind: 'item', id: item, nameZh: 'x', nameEn: 'x' }),
        await c.del(`${A.delete}?kind=item&id=${item}`),
        await c.get(A.categoryTree),
        await c.post(A.categoryUpdate, { id: cat, nameZh: 'x' }),
        await c.del(`${A.categoryDelete}?id=${cat}`),
        await c.get(A.textList),
        await c.post(A.textUpdate, { code: 'user_agreement', titleZh: 'x', titleEn: 'x', contentZh: 'x', contentEn: 'x' }),
        await c.post(A.translationUpdate, { lang: 'en', key: 'footer.icp', value: 'x' }),
      ]
      for (const r of answers) expect({ status: r.status, code: r.body.code }).toEqual({ status: 403, code: 402 })
    }
    expect((await h.api('GET', A.typeList)).status).toBe(401)
    expect({
      ...(await snapshot()),
      items: await h.db.selectFrom('dict_items').selectAll().orderBy('id').execute(),
      texts: await h.db.selectFrom('site_texts').selectAll().orderBy('code').execute(),
      overrides: await h.db.selectFrom('translation_overrides').selectAll().execute(),
    }).toEqual(before)
  })
})
