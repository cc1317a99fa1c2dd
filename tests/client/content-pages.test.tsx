import { render, screen, fireEvent, act, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import InformationPage from '../../src/pages/information/index'
import RoadshowPage from '../../src/pages/roadshow/index'
import PolicyDetailPage from '../../src/pages/policy-detail/index'
import SponsorPage from '../../src/pages/sponsor/index'
import { initI18n, setLang } from '../../src/shared/i18n'
import { resetClient } from './support/reset'

const T = Taro as any
const ok = (result: unknown) => ({ statusCode: 200, header: {}, data: { code: 200, result, message: '' } })
const page = (list: unknown[]) => ({ list, total: list.length, page: 1, pageSize: 12 })
const path = (url: string) => url.replace(/^.*\/api\/v1/, '')
/** Requests the pages made to `p` (the desktop footer also loads site settings). */
const callsTo = (p: string) => T.request.mock.calls.map((c: any[]) => c[0]).filter((o: any) => path(o.url) === p)

const info = (id: number, titleZh: string, titleEn: string) => ({
  id, titleZh, titleEn, summaryZh: '摘要', summaryEn: '', coverUrl: null, sourceZh: '新华社', sourceEn: 'Xinhua',
  category: { code: 'news', nameZh: '新闻', nameEn: 'News' }, tagsZh: [], tagsEn: [], publishedAt: '2026-11-01T02:00:00.000Z', viewCount: 12,
})

/** Script the server: path → result (functions get the query). */
function serve(routes: Record<string, unknown | ((data: any) => unknown)>) {
  T.request.mockImplementation(async ({ url, data }: { url: string; data: any }) => {
    const r = routes[path(url)]
    if (r === undefined) return ok(null)
    return ok(typeof r === 'function' ? (r as any)(data) : r)
  })
}

beforeAll(() => initI18n())
beforeEach(resetClient)

test('information list: items from the server, both languages, fallback to the other language', async () => {
  serve({
    '/information/info/list': page([info(1, '海归创业指南', 'Startup guide'), info(2, '仅中文标题', '')]),
    '/information/category/list': [{ code: 'news', nameZh: '新闻', nameEn: 'News' }],
  })
  render(<InformationPage />)
  await waitFor(() => expect(screen.getAllByTestId('information-item')).toHaveLength(2))
  const items = () => screen.getAllByTestId('information-item')
  expect(items()[0].textContent).toContain('Startup guide')
  expect(items()[0].textContent).toContain('Xinhua')
  // no English title: the Chinese one
  expect(items()[1].textContent).toContain('仅中文标题')
  // no English summary: the Chinese one
  expect(items()[0].textContent).toContain('摘要')
  expect(callsTo('/information/info/list')[0].data).toEqual({ page: 1, pageSize: 12 })
  act(() => setLang('zh'))
  expect(items()[0].textContent).toContain('海归创业指南')
  expect(items()[0].textContent).toContain('新华社')
  expect(screen.getByTestId('information-category-news').textContent).toBe('新闻')
})

test('information list: category and keyword filters reach the server; empty state', async () => {
  serve({
    '/information/info/list': (q: any) => page(q.categoryCode === 'news' ? [] : [info(1, '一', 'One')]),
    '/information/category/list': [{ code: 'news', nameZh: '新闻', nameEn: 'News' }],
  })
  render(<InformationPage />)
  await waitFor(() => expect(screen.getAllByTestId('information-item')).toHaveLength(1))
  await waitFor(() => expect(screen.getByTestId('information-category-news')).toBeTruthy())
  await act(async () => {
    fireEvent.click(screen.getByTestId('information-category-news'))
  })
  await waitFor(() => expect(screen.getByTestId('information-list-empty')).toBeTruthy())
  expect(callsTo('/information/info/list').pop().data).toEqual({ page: 1, pageSize: 12, categoryCode: 'news' })
  fireEvent.input(screen.getByTestId('information-keyword'), { target: { value: '创业' } })
  await act(async () => {
    fireEvent.click(screen.getByTestId('information-keyword-submit'))
  })
  expect(callsTo('/information/info/list').pop().data).toEqual({ page: 1, pageSize: 12, categoryCode: 'news', keyword: '创业' })
})

test('roadshow: tabs switch between projects, resources, records, competitions and BP videos', async () => {
  const project = (id: number, kind: string, titleEn: string) => ({
    id, kind, titleZh: `项目${id}`, titleEn, summaryZh: '', summaryEn: '', coverUrl: null, field: { code: 'ai', nameZh: '人工智能', nameEn: 'AI' },
    stageZh: '天使轮', stageEn: 'Angel', organizationId: 1, organizationNameZh: '机构', organizationNameEn: 'Org', publishedAt: '2026-10-01T00:00:00.000Z',
  })
  serve({
    '/roadshow/project/list': (q: any) => page(q.kind === 'resource' ? [project(3, 'resource', 'Lab resource')] : [project(1, 'project', 'AI chip'), project(2, 'project', 'Battery')]),
    '/roadshow/record/list': page([{ id: 9, projectId: 1, titleZh: '上海路演', titleEn: 'Shanghai roadshow', heldAt: '2026-09-01T00:00:00.000Z', cityZh: '上海', cityEn: 'Shanghai', resultZh: '获投', resultEn: 'Funded' }]),
    '/competition/info/list': page([{ id: 5, titleZh: '创新大赛', titleEn: 'Innovation cup', summaryZh: '', summaryEn: '', bannerUrl: null, startTime: '2026-12-01T00:00:00.000Z', endTime: '2026-12-03T00:00:00.000Z' }]),
    '/video/info/list': page([{ id: 7, titleZh: 'BP 视频', titleEn: 'BP pitch', coverUrl: null, videoUrl: 'https://x/v.mp4', category: 'bp', durationSeconds: 95, publishedAt: '2026-08-01T00:00:00.000Z' }]),
  })
  render(<RoadshowPage />)
  const items = () => screen.getAllByTestId('roadshow-item')
  await waitFor(() => expect(items()).toHaveLength(2))
  expect(screen.getByTestId('roadshow-tab-project').className).toContain('is-active')
  expect(items()[0].textContent).toContain('AI chip')
  expect(callsTo('/roadshow/project/list')[0].data).toEqual({ kind: 'project', page: 1, pageSize: 12 })

  await act(async () => void fireEvent.click(screen.getByTestId('roadshow-tab-resource')))
  await waitFor(() => expect(items()[0].textContent).toContain('Lab resource'))
  expect(items()).toHaveLength(1)
  expect(screen.getByTestId('roadshow-tab-resource').className).toContain('is-active')
  expect(screen.getByTestId('roadshow-tab-project').className).not.toContain('is-active')

  await act(async () => void fireEvent.click(screen.getByTestId('roadshow-tab-record')))
  await waitFor(() => expect(items()[0].textContent).toContain('Shanghai roadshow'))
  expect(items()[0].textContent).toContain('Funded')
  fireEvent.click(items()[0])
  await waitFor(() => expect(T.navigateTo).toHaveBeenCalledWith({ url: '/pages/roadshow-detail/index?id=1' }))

  await act(async () => void fireEvent.click(screen.getByTestId('roadshow-tab-competition')))
  await waitFor(() => expect(items()[0].textContent).toContain('Innovation cup'))

  await act(async () => void fireEvent.click(screen.getByTestId('roadshow-tab-video')))
  await waitFor(() => expect(items()[0].textContent).toContain('BP pitch'))
  expect(items()[0].textContent).toContain('1:35')
  expect(callsTo('/video/info/list')[0].data).toEqual({ category: 'bp', page: 1, pageSize: 12 })
})

test('policy detail: title, readable conditions and the way to /match', async () => {
  T.useRouter.mockReturnValue({ path: '/pages/policy-detail/index', params: { id: '4' } })
  serve({
    '/policy/info/detail': {
      id: 4, titleZh: '人才计划', titleEn: 'Talent plan', summaryZh: '', summaryEn: '', level: 'municipal', cityZh: '上海', cityEn: 'Shanghai',
      issuerZh: '人社局', issuerEn: 'HR bureau', category: null, publishedAt: '2026-01-01T00:00:00.000Z', viewCount: 3, contentZh: '<p>正文</p>', contentEn: '',
      rules: [{ id: 1, policyId: 4, degree: 'doctor', minAge: null, maxAge: 40, minOverseasYears: 2, maxReturnYears: null, cities: ['shanghai'], titles: [], platformNatures: [], professionalFields: [], foreignDescent: 'any' }],
    },
    '/policy/match/options': { degrees: [], cities: [{ code: 'shanghai', nameZh: '上海', nameEn: 'Shanghai' }], titles: [], platformNatures: [], professionalFields: [] },
  })
  render(<PolicyDetailPage />)
  await waitFor(() => expect(screen.getByTestId('detail-title').textContent).toBe('Talent plan'))
  expect(callsTo('/policy/info/detail')[0].data).toEqual({ id: 4 })
  await waitFor(() => expect(screen.getAllByTestId('policy-condition').map((e) => e.textContent)).toContain('✓ City: Shanghai'))
  const conds = screen.getAllByTestId('policy-condition').map((e) => e.textContent)
  expect(conds).toEqual(['✓ Degree: Doctorate or higher', '✓ Age: 40 or younger', '✓ At least 2 year(s) overseas', '✓ City: Shanghai'])
  await waitFor(() => expect(T.setNavigationBarTitle).toHaveBeenCalledWith({ title: 'Talent plan - Haijiao' }))
  fireEvent.click(screen.getByTestId('policy-match-link'))
  await waitFor(() => expect(T.reLaunch).toHaveBeenCalledWith({ url: '/pages/match/index' }))
  act(() => setLang('zh'))
  expect(screen.getByTestId('detail-title').textContent).toBe('人才计划')
})

test('sponsor: a logged-out visitor who follows goes to login and comes back', async () => {
  T.useRouter.mockReturnValue({ path: '/pages/sponsor/index', params: { id: '2' } })
  serve({
    '/sponsor/info/detail': {
      id: 2, nameZh: '海交主办方', nameEn: '', logoUrl: null, kind: 'organizer', isPremium: false, cityZh: '深圳', cityEn: 'Shenzhen', introZh: '简介', introEn: 'Intro',
      activityCount: 0, followerCount: 321, website: null, bannerUrl: null, contentZh: '', contentEn: '', activities: [], followed: false,
    },
  })
  render(<SponsorPage />)
  // no English name: the Chinese one
  await waitFor(() => expect(screen.getByTestId('detail-title').textContent).toBe('海交主办方'))
  expect(screen.getByTestId('sponsor-followers').textContent).toBe('321')
  fireEvent.click(screen.getByTestId('sponsor-follow'))
  await waitFor(() =>
    expect(T.navigateTo).toHaveBeenCalledWith({ url: `/pages/login/index?redirect=${encodeURIComponent('/sponsor?id=2')}` }),
  )
})
