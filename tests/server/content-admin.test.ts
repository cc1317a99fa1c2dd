/**
 * Content admin: talents, platform jobs and premium places are created, edited, published,
 * unpublished and deleted by operations staff, and each step is what the consumer read API answers next
 * (with the public micro-cache on: any write clears it). Bad input is refused naming the field and
 * changes nothing; a place still in use is not deleted (630); the place endpoints never reach an
 * organizer's organisation; other admins and consumers are refused.
 */
import { describeEachDb, type Harness, loginDemoRoles } from './harness'
import { siteCrudApi, SITE_ADMIN_API, type SiteCrudKey } from '@contracts/admin-site'
import { API } from '@contracts/api'

describeEachDb(
  'content admin: talents, jobs, premium places',
  (get) => {
    let h: Harness
    let ops: string
    let org: string

    beforeAll(async () => {
      h = get()
      ;({ ops, org } = await loginDemoRoles(h))
    })

    const admin = (method: 'GET' | 'POST', url: string, body?: unknown, token = ops) => h.api(method, url, { token, body })
    const save = async (k: SiteCrudKey, body: Record<string, unknown>, op: 'add' | 'update' = 'add') => {
      const r = await admin('POST', siteCrudApi(k)[op], body)
      expect(r.body).toMatchObject({ code: 200 })
      return r.body.result as Record<string, any>
    }
    const setPublished = async (k: SiteCrudKey, id: number, published: boolean) =>
      expect((await admin('POST', siteCrudApi(k).status, { id, published })).body.code).toBe(200)
    const pub = async (url: string) => (await h.api('GET', url)).body
    const count = async (table: 'talents' | 'jobs' | 'organizations') =>
      Number((await h.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)

    it('talents: a draft stays hidden; published it is the /talentDetail answer; edits, unpublish and delete follow', async () => {
      const options = (await admin('GET', SITE_ADMIN_API.talentOptions)).body.result
      expect(options.fields.length).toBeGreaterThan(0)
      expect(options.countries.length).toBeGreaterThan(0)
      const field = options.fields[0].code
      const country = options.countries[0].code
      const t = await save('talent', {
        nameZh: '林知远', nameEn: 'Lin Zhiyuan', titleZh: '材料学博士', titleEn: 'PhD in materials', fieldCode: field, country,
        degree: 'doctor', avatarUrl: '/static/posters/talent-new.svg', introZh: '<p>研究方向：固态电池<script>x()</script></p>', introEn: '<p>Works on solid-state batteries</p>',
        achievementsZh: '发表论文 30 篇\n\n  获得专利 5 项  ', achievementsEn: '30 papers\n5 patents', sort: 0,
      })
      expect(t).toMatchObject({ published: false, achievementsZh: '发表论文 30 篇\n获得专利 5 项', achievementsEn: '30 papers\n5 patents' })
      expect((await pub(`${API.talentDetail}?id=${t.id}`)).code).toBe(302)

      await setPublished('talent', t.id, true)
      const detail = (await pub(`${API.talentDetail}?id=${t.id}`)).result
      expect(detail).toMatchObject({
        nameZh: '林知远', nameEn: 'Lin Zhiyuan', degree: 'doctor', country, field: { code: field },
        achievementsZh: ['发表论文 30 篇', '获得专利 5 项'], achievementsEn: ['30 papers', '5 patents'], avatarUrl: '/static/posters/talent-new.svg',
      })
      expect(detail.introZh).toBe('<p>研究方向：固态电池</p>')
      expect((await pub(`${API.talentList}?pageSize=50`)).result.list.map((x: { id: number }) => x.id)).toContain(t.id)

      const edited = await save('talent', { ...t, nameEn: 'Zhiyuan Lin', achievementsEn: 'Thirty papers' }, 'update')
      expect(edited).toMatchObject({ published: true, nameEn: 'Zhiyuan Lin' })
      expect((await pub(`${API.talentDetail}?id=${t.id}`)).result).toMatchObject({ nameEn: 'Zhiyuan Lin', achievementsEn: ['Thirty papers'] })

      // the admin list: keyword, filter, sort, paging
      const list = (await admin('GET', `${siteCrudApi('talent').list}?keyword=${encodeURIComponent('林知远')}&published=true&sortField=sort&sortOrder=asc&page=1&pageSize=5`)).body.result
      expect(list).toMatchObject({ total: 1, page: 1, pageSize: 5 })
      expect(list.list[0]).toMatchObject({ id: t.id, nameZh: '林知远' })

      await setPublished('talent', t.id, false)
      expect((await pub(`${API.talentDetail}?id=${t.id}`)).code).toBe(302)
      expect((await admin('POST', siteCrudApi('talent').delete, { id: t.id })).body.code).toBe(200)
      expect(await h.db.selectFrom('talents').select('id').where('id', '=', t.id).executeTakeFirst()).toBeUndefined()
      expect((await admin('POST', siteCrudApi('talent').delete, { id: t.id })).body.code).toBe(302)
    })

    it('talents: an unknown field or country, a foreign avatar link or a bad degree is refused naming the field; nothing is written', async () => {
      const options = (await admin('GET', SITE_ADMIN_API.talentOptions)).body.result
      const ok = { nameZh: '某', nameEn: 'Someone', fieldCode: options.fields[0].code, country: options.countries[0].code, degree: 'master' }
      const before = await count('talents')
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ ...ok, fieldCode: 'no_such_field' }, 'fieldCode'],
        [{ ...ok, country: 'XX' }, 'country'],
        [{ ...ok, avatarUrl: 'javascript:alert(1)' }, 'avatarUrl'],
        [{ ...ok, avatarUrl: 'https://elsewhere.example/a.png' }, 'avatarUrl'],
        [{ ...ok, degree: 'professor' }, 'degree'],
        [{ ...ok, nameZh: '  ' }, 'nameZh'],
      ]
      for (const [body, field] of cases) {
        expect((await admin('POST', siteCrudApi('talent').add, body)).body).toMatchObject({ code: 301, result: { field } })
      }
      expect(await count('talents')).toBe(before)
    })

    it('jobs: a job of a college platform lands in the college zone of /job and on its platform page; edits, unpublish and delete follow', async () => {
      const { platforms } = (await admin('GET', SITE_ADMIN_API.jobOptions)).body.result as { platforms: { id: number }[] }
      const college = await h.db.selectFrom('platforms').select(['id', 'city_zh', 'city_en']).where('nature_code', '=', 'university').where('status', '=', 'published').executeTakeFirstOrThrow()
      expect(platforms.map((p) => p.id)).toContain(college.id)
      const j = await save('job', {
        platformId: college.id, titleZh: '储能方向博士后', titleEn: 'Postdoc in energy storage', salaryZh: '年薪 40 万', salaryEn: 'CNY 400k a year',
        degree: 'doctor', descriptionZh: '负责固态电池研究', descriptionEn: 'Solid-state battery research', published: true,
      })
      // the zone follows the platform; an empty city takes the platform's
      expect(j).toMatchObject({ kind: 'college', cityZh: college.city_zh, cityEn: college.city_en, published: true })
      expect(j.publishedAt).toBeTruthy()
      const zone = async (kind: string) => (await pub(`${API.jobList}?kind=${kind}&keyword=${encodeURIComponent('储能方向')}`)).result.list
      expect((await zone('college')).map((x: { id: number }) => x.id)).toEqual([j.id])
      expect(await zone('enterprise')).toEqual([])
      const platformJobs = async () => ((await pub(`${API.platformDetail}?id=${college.id}`)).result.jobs as { id: number; titleEn: string }[])
      expect((await platformJobs()).find((x) => x.id === j.id)).toMatchObject({ titleEn: 'Postdoc in energy storage', salaryZh: '年薪 40 万' } as object)

      await save('job', { ...j, titleEn: 'Postdoctoral fellow, energy storage', degree: null }, 'update')
      expect((await platformJobs()).find((x) => x.id === j.id)).toMatchObject({ titleEn: 'Postdoctoral fellow, energy storage', degree: null })

      await setPublished('job', j.id, false)
      expect(await zone('college')).toEqual([])
      await setPublished('job', j.id, true)
      expect((await admin('POST', siteCrudApi('job').delete, { id: j.id })).body.code).toBe(200)
      expect((await platformJobs()).some((x) => x.id === j.id)).toBe(false)

      // platform filter in the admin list
      const listed = (await admin('GET', `${siteCrudApi('job').list}?platformId=${college.id}&pageSize=50`)).body.result.list as { platformId: number }[]
      expect(listed.length).toBeGreaterThan(0)
      expect(listed.every((x) => x.platformId === college.id)).toBe(true)
    })

    it('jobs: an unknown platform or a missing title is refused naming the field; nothing is written', async () => {
      const before = await count('jobs')
      expect((await admin('POST', siteCrudApi('job').add, { platformId: 999999, titleZh: '岗位', titleEn: 'Job' })).body).toMatchObject({ code: 301, result: { field: 'platformId' } })
      const p = await h.db.selectFrom('platforms').select('id').executeTakeFirstOrThrow()
      expect((await admin('POST', siteCrudApi('job').add, { platformId: p.id, titleZh: '岗位', titleEn: '' })).body).toMatchObject({ code: 301, result: { field: 'titleEn' } })
      expect(await count('jobs')).toBe(before)
    })

    it('premium places: premium on = listed on /premiumPlace and first on home; off = only its own page; deleted = gone', async () => {
      const premiumIds = async () => ((await pub(`${API.sponsorList}?kind=place&premium=true&pageSize=50`)).result.list as { id: number }[]).map((x) => x.id)
      const homeIds = async () => ((await pub(API.home)).result.places as { id: number }[]).map((x) => x.id)
      await homeIds() // a cached copy of home exists before the write
      const p = await save('place', {
        nameZh: '临港新片区', nameEn: 'Lingang New Area', cityZh: '上海', cityEn: 'Shanghai', introZh: '滴水湖畔的新城', introEn: 'A new city by Dishui Lake',
        contentZh: '<p>人才公寓<img src=x onerror=alert(1)></p>', contentEn: '<p>Talent apartments</p>', website: 'https://lingang.example.cn',
        logoUrl: '/static/posters/logo-lingang.svg', bannerUrl: '/static/posters/banner-lingang.svg', sort: 0, published: true,
      })
      expect(p).toMatchObject({ published: true, kind: 'place', pid: 0 })
      expect(await premiumIds()).toContain(p.id)
      expect(await homeIds()).toContain(p.id)
      const detail = (await pub(`${API.sponsorDetail}?id=${p.id}`)).result
      expect(detail).toMatchObject({ nameEn: 'Lingang New Area', kind: 'place', isPremium: true, bannerUrl: '/static/posters/banner-lingang.svg', website: 'https://lingang.example.cn' })
      expect(detail.contentZh).not.toMatch(/onerror/)

      await save('place', { ...p, nameEn: 'Lingang Special Area', website: null }, 'update')
      expect((await pub(`${API.sponsorDetail}?id=${p.id}`)).result).toMatchObject({ nameEn: 'Lingang Special Area', website: null })

      await setPublished('place', p.id, false)
      expect(await premiumIds()).not.toContain(p.id)
      expect((await pub(`${API.sponsorDetail}?id=${p.id}`)).result).toMatchObject({ isPremium: false })

      expect((await admin('POST', siteCrudApi('place').delete, { id: p.id })).body.code).toBe(200)
      expect((await pub(`${API.sponsorDetail}?id=${p.id}`)).code).toBe(302)
    })

    it('premium places: only places are listed and edited; a place in use is kept (630); a bad website is refused', async () => {
      const listed = (await admin('GET', `${siteCrudApi('place').list}?pageSize=50`)).body.result
      const kinds = await h.db.selectFrom('organizations').select('id').where('kind', '=', 'place').where('pid', '=', 0).execute()
      expect(listed.total).toBe(kinds.length)
      // the organizer's own organisation is not a place: the place endpoints answer 302 and change nothing
      const own = await h.db.selectFrom('organizations').select(['id', 'name_en']).where('name_zh', '=', '海归创新中心').executeTakeFirstOrThrow()
      const hijack = await admin('POST', siteCrudApi('place').update, { id: own.id, nameZh: '被改名', nameEn: 'Renamed' })
      expect(hijack.body.code).toBe(302)
      expect((await admin('POST', siteCrudApi('place').delete, { id: own.id })).body.code).toBe(302)
      expect((await h.db.selectFrom('organizations').select('name_en').where('id', '=', own.id).executeTakeFirstOrThrow()).name_en).toBe(own.name_en)

      // an activity held by the place
      const busy = await save('place', { nameZh: '活动园区', nameEn: 'Events park' })
      const activity = await h.db.selectFrom('activities').select(['id', 'organization_id']).orderBy('id').executeTakeFirstOrThrow()
      await h.db.updateTable('activities').set({ organization_id: busy.id }).where('id', '=', activity.id).execute()
      expect((await admin('POST', siteCrudApi('place').delete, { id: busy.id })).body).toMatchObject({ code: 630 })
      expect(await h.db.selectFrom('organizations').select('id').where('id', '=', busy.id).executeTakeFirst()).toBeDefined()
      await h.db.updateTable('activities').set({ organization_id: activity.organization_id }).where('id', '=', activity.id).execute()
      expect((await admin('POST', siteCrudApi('place').delete, { id: busy.id })).body.code).toBe(200)
      // a department under the place
      const withDept = await save('place', { nameZh: '某园区', nameEn: 'Some park' })
      await h.db
        .insertInto('organizations')
        .values({ pid: withDept.id, name_zh: '园区办公室', name_en: 'Park office', logo_url: null, intro_zh: null, intro_en: null, website: null, created_at: 'x', updated_at: 'x' })
        .execute()
      expect((await admin('POST', siteCrudApi('place').delete, { id: withDept.id })).body).toMatchObject({ code: 630 })

      const before = await count('organizations')
      expect((await admin('POST', siteCrudApi('place').add, { nameZh: '坏', nameEn: 'Bad', website: 'ftp://x' })).body).toMatchObject({ code: 301, result: { field: 'website' } })
      expect((await admin('POST', siteCrudApi('place').add, { nameZh: '坏', nameEn: 'Bad', bannerUrl: '/uploads/../etc/passwd' })).body).toMatchObject({ code: 301, result: { field: 'bannerUrl' } })
      expect(await count('organizations')).toBe(before)
    })

    it('refuses organizers and consumers on every content editor (HTTP 403, code 402)', async () => {
      const consumer = await h.login('user@haijiao.demo')
      for (const k of ['talent', 'job', 'place'] as const) {
        for (const token of [org, consumer]) {
          const r = await admin('GET', siteCrudApi(k).list, undefined, token)
          expect([r.status, r.body.code]).toEqual([403, 402])
        }
      }
    })
  },
  { env: { PUBLIC_CACHE_MS: '60000' } },
)
