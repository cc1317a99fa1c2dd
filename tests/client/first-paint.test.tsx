/**
 * Pages draw their first screen (the part with their largest picture) when their data arrives and what
 * lies under it one painted frame later (shared/hooks/use-after-paint.ts). The frames are held here, so
 * each test sees the page between its two renders.
 */
import { render, screen, act } from '@testing-library/react'
import Taro from '@tarojs/taro'
import HomePage from '../../src/pages/index/index'
import ActivityListPage from '../../src/pages/activity/index'
import ActivityDetailPage from '../../src/pages/activity-detail/index'
import { initI18n } from '../../src/shared/i18n'
import { startActivityDetail, startActivityList, startHome } from '../../src/shared/api/content'
import { filtersFromQuery, firstPageOf } from '../../src/shared/activity-list-query'
import { ACTIVITY_PAGE_SIZE } from '@contracts/activity'
import { MOBILE_MAX_WIDTH } from '../../src/shared/hooks/use-viewport'
import { resetClient } from './support/reset'

const T = Taro as any
const ok = (result: unknown) => ({ statusCode: 200, header: {}, data: { code: 200, result, message: '' } })
const activity = (id: number) => ({
  id, titleZh: `活动${id}`, titleEn: `Activity ${id}`, summaryZh: '', summaryEn: '', type: 'offline', posterUrl: `/static/posters/p${id}.svg`,
  startTime: '2026-12-01T01:00:00.000Z', endTime: '2026-12-01T03:00:00.000Z', timeZone: 'UTC+08:00', country: 'China',
  cityZh: '北京', cityEn: 'Beijing', organizerId: 1, organizerNameZh: '主办', organizerNameEn: 'Host', peopleCount: 10, enrolledCount: 0, isHot: true,
})
const banner = (id: number) => ({ id, titleZh: `横幅${id}`, titleEn: `Banner ${id}`, imageUrl: `/static/posters/b${id}.svg`, linkUrl: null, position: 'home' })

/** an activity's detail answer: the list item's fields and an empty body, `extra` over them */
const detailOf = (id: number, extra: Record<string, unknown> = {}) => ({
  ...activity(id), bannerUrl: null, detailZh: '', detailEn: '', highlightsZh: [], highlightsEn: [], tagsZh: [], tagsEn: [],
  addresses: [], categories: [], viewCount: 1, enrollDeadline: null, enrollNotesZh: '', enrollNotesEn: '', liveUrl: null, liveQrUrl: null,
  wechatGroupQrUrl: null, enrollState: 'open', status: 'upcoming', ...extra,
})
const answerDetail = (detail: unknown) =>
  T.request.mockImplementation(async ({ url }: { url: string }) => (url.includes('/activity/info/detail') ? ok(detail) : ok(null)))

let frames: FrameRequestCallback[] = []
/** Paint the held frame(s), then let the task each one queued run. */
async function paint() {
  await act(async () => {
    const now = frames
    frames = []
    now.forEach((cb) => cb(performance.now()))
    await new Promise((r) => setTimeout(r, 0))
  })
}

beforeAll(() => {
  initI18n()
  // lazy pictures (the cards under the first screen) wait for an IntersectionObserver, which jsdom lacks
  ;(window as any).IntersectionObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
})
beforeEach(() => {
  resetClient()
  frames = []
  jest.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => {
    frames.push(cb)
    return frames.length
  })
  jest.spyOn(window, 'cancelAnimationFrame').mockImplementation(() => undefined)
})
afterEach(() => jest.restoreAllMocks())

test('home: the banners come first, the sections under them after the banner frame is painted', async () => {
  T.request.mockImplementation(async ({ url }: { url: string }) =>
    url.endsWith('/content/home')
      ? ok({ banners: [banner(1), banner(2)], hotActivities: [activity(1), activity(2)], upcomingActivities: [activity(3)], topics: [], information: [], policies: [], places: [] })
      : ok({ list: [], total: 0, page: 1, pageSize: 10 }),
  )
  render(<HomePage />)
  expect((await screen.findAllByTestId('home-banner')).length).toBeGreaterThan(0)
  expect(screen.queryByTestId('home-hot')).toBeNull()
  expect(screen.queryByTestId('home-upcoming')).toBeNull()
  await paint()
  expect(screen.getByTestId('home-hot')).toBeTruthy()
  expect(screen.getAllByTestId('home-activity').map((e) => e.textContent)).toEqual([expect.stringContaining('Activity 1'), expect.stringContaining('Activity 2'), expect.stringContaining('Activity 3')])
})

test('activity list: the first four cards, then the whole page after a painted frame', async () => {
  const list = Array.from({ length: 12 }, (_, i) => activity(i + 1))
  T.request.mockImplementation(async ({ url }: { url: string }) =>
    url.includes('/activity/info/list') ? ok({ list, total: 30, page: 1, pageSize: 12 }) : ok([]),
  )
  render(<ActivityListPage />)
  await screen.findAllByTestId('activity-card')
  expect(screen.getAllByTestId('activity-card').map((e) => e.getAttribute('data-id'))).toEqual(['1', '2', '3', '4'])
  await paint()
  expect(screen.getAllByTestId('activity-card')).toHaveLength(12)
})

test('activity detail: the poster and facts first, the address and details after a painted frame', async () => {
  T.useRouter.mockReturnValue({ path: '/pages/activity-detail/index', params: { id: '5' } })
  answerDetail(detailOf(5, { detailZh: '<p>详情</p>', detailEn: '<p>Programme <b>details</b></p>', viewCount: 3 }))
  render(<ActivityDetailPage />)
  expect((await screen.findByTestId('activity-title')).textContent).toContain('Activity 5')
  expect(screen.getByTestId('activity-poster')).toBeTruthy()
  expect(screen.queryByTestId('activity-details')).toBeNull()
  await paint()
  expect(screen.getByTestId('activity-details')).toBeTruthy()
  // the details' HTML is the page's own elements, not Taro's RichText web component (which would load
  // the Stencil runtime on the way to the poster's paint)
  const bold = await screen.findByText('details')
  expect(bold.tagName).toBe('B')
  expect(bold.parentElement?.tagName).toBe('P')
  expect(document.querySelector('taro-rich-text-core')).toBeNull()
})

test('home: an answer the app asked for as it started and that has arrived is drawn in the first render, not asked again', async () => {
  T.request.mockImplementation(async ({ url }: { url: string }) =>
    url.endsWith('/content/home')
      ? ok({ banners: [banner(7)], hotActivities: [activity(1)], upcomingActivities: [], topics: [], information: [], policies: [], places: [] })
      : ok({ list: [], total: 0, page: 1, pageSize: 10 }),
  )
  startHome()
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0))
  })
  render(<HomePage />)
  // synchronously after the first render: no wait for a request
  expect(screen.getAllByTestId('home-banner')[0].textContent).toContain('Banner 7')
  const homeCalls = T.request.mock.calls.filter((c: any[]) => String(c[0].url).endsWith('/content/home'))
  expect(homeCalls).toHaveLength(1)
  await paint()
  expect(screen.getByTestId('home-hot')).toBeTruthy()
})

test('activity detail: an early answer that has arrived is drawn in the first render and not asked again', async () => {
  T.useRouter.mockReturnValue({ path: '/pages/activity-detail/index', params: { id: '8' } })
  answerDetail(detailOf(8, { detailEn: '<p>Body</p>' }))
  startActivityDetail(8)
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0))
  })
  render(<ActivityDetailPage />)
  expect(screen.getByTestId('activity-title').textContent).toContain('Activity 8')
  await paint()
  expect(screen.getByTestId('activity-details')).toBeTruthy()
  expect(T.request.mock.calls.filter((c: any[]) => String(c[0].url).includes('/activity/info/detail'))).toHaveLength(1)
})

test('activity list: the first page the app asked for as it started is drawn in the first render, not asked again', async () => {
  // what app.ts does when opened on /activity?type=online&page=2 (a desktop window: jsdom is 1024 px wide)
  const params = { type: 'online', page: '2' }
  T.useRouter.mockReturnValue({ path: '/pages/activity/index', params })
  const list = Array.from({ length: 12 }, (_, i) => activity(i + 13))
  T.request.mockImplementation(async ({ url }: { url: string }) =>
    url.includes('/activity/info/list') ? ok({ list, total: 30, page: 2, pageSize: 12 }) : ok([]),
  )
  startActivityList({ ...filtersFromQuery(params), page: firstPageOf(params, window.innerWidth < MOBILE_MAX_WIDTH), pageSize: ACTIVITY_PAGE_SIZE })
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0))
  })
  render(<ActivityListPage />)
  // no wait: the first render has the cards
  expect(screen.getAllByTestId('activity-card').map((e) => e.getAttribute('data-id'))).toEqual(['13', '14', '15', '16'])
  await paint()
  expect(screen.getAllByTestId('activity-card')).toHaveLength(12)
  const asked = T.request.mock.calls.filter((c: any[]) => String(c[0].url).includes('/activity/info/list'))
  expect(asked).toHaveLength(1)
  expect(asked[0][0].data ?? asked[0][0].url).toEqual(expect.objectContaining({ type: 'online', page: 2, pageSize: 12 }))
})

test('activity list: an early answer for another query is not used', async () => {
  T.useRouter.mockReturnValue({ path: '/pages/activity/index', params: { type: 'offline' } })
  T.request.mockImplementation(async ({ url, data }: { url: string; data: Record<string, unknown> }) =>
    url.includes('/activity/info/list') ? ok({ list: [activity(data.type === 'offline' ? 2 : 1)], total: 1, page: 1, pageSize: 12 }) : ok([]),
  )
  startActivityList({ type: 'online', page: 1, pageSize: ACTIVITY_PAGE_SIZE })
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0))
  })
  render(<ActivityListPage />)
  expect(screen.queryAllByTestId('activity-card')).toHaveLength(0)
  expect((await screen.findAllByTestId('activity-card')).map((e) => e.getAttribute('data-id'))).toEqual(['2'])
})
