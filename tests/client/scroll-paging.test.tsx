/**
 * Phone lists (mini-program, H5 under 768 px): the next page comes when the page reaches its bottom
 * (onReachBottom) and is added under the shown items; a pull-down (onPullDownRefresh) starts again from
 * page 1 and stops the spinner; the line under the list says "load more" / "no more" instead of a pager.
 * Desktop keeps the numbered pager and ignores the bottom.
 */
import { render, screen, act, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import TopicPage from '../../src/pages/topic/index'
import { initI18n } from '../../src/shared/i18n'
import { resetClient } from './support/reset'

const T = Taro as any
const path = (url: string) => url.replace(/^.*\/api\/v1/, '')
const TOTAL = 30
const topic = (id: number) => ({ id, titleZh: `专题 ${id}`, titleEn: `Topic ${id}`, summaryZh: '', summaryEn: '', coverUrl: null, tagsZh: [], tagsEn: [], publishedAt: '2026-11-01T02:00:00.000Z', viewCount: 1 })
const listCalls = () => T.request.mock.calls.map((c: any[]) => c[0]).filter((o: any) => path(o.url) === '/topic/info/list')

function serveTopics() {
  T.request.mockImplementation(async ({ url, data }: { url: string; data: any }) => {
    if (path(url) !== '/topic/info/list') return { statusCode: 200, header: {}, data: { code: 200, result: null, message: '' } }
    const from = (data.page - 1) * data.pageSize
    const list = Array.from({ length: Math.max(0, Math.min(data.pageSize, TOTAL - from)) }, (_, i) => topic(from + i + 1))
    return { statusCode: 200, header: {}, data: { code: 200, result: { list, total: TOTAL, page: data.page, pageSize: data.pageSize }, message: '' } }
  })
}

/** the handler the page registered last with a Taro page hook */
const lastHandler = (hook: jest.Mock) => hook.mock.calls[hook.mock.calls.length - 1][0] as () => void
const reachBottom = () => act(() => lastHandler(T.useReachBottom)())
const pullDown = () => act(() => lastHandler(T.usePullDownRefresh)())
const items = () => screen.queryAllByTestId('topic-item')
const titles = () => items().map((el) => el.querySelector('.hj-c-card__title')?.textContent ?? '')

beforeAll(() => initI18n())
beforeEach(() => {
  resetClient()
  serveTopics()
})
afterEach(() => {
  ;(window as any).innerWidth = 1280
})

test('phone: reaching the bottom adds the next page, until there is no more', async () => {
  ;(window as any).innerWidth = 390
  render(<TopicPage />)
  await waitFor(() => expect(items()).toHaveLength(12))
  expect(screen.queryByTestId('topic-pager')).toBeNull()
  expect(screen.getByTestId('topic-more').textContent).toMatch(/加载更多|Load more/)
  reachBottom()
  await waitFor(() => expect(items()).toHaveLength(24))
  expect(titles()[0]).toMatch(/^(专题|Topic) 1$/)
  expect(titles()[23]).toMatch(/^(专题|Topic) 24$/)
  reachBottom()
  await waitFor(() => expect(items()).toHaveLength(30))
  expect(screen.getByTestId('topic-no-more').textContent).toMatch(/没有更多了|No more/)
  // at the end the bottom asks for nothing more
  const asked = listCalls().length
  reachBottom()
  await act(async () => {})
  expect(listCalls().length).toBe(asked)
  expect(listCalls().map((o: any) => o.data.page)).toEqual([1, 2, 3])
})

test('phone: a pull-down starts again from page 1 and stops the spinner', async () => {
  ;(window as any).innerWidth = 390
  render(<TopicPage />)
  await waitFor(() => expect(items()).toHaveLength(12))
  reachBottom()
  await waitFor(() => expect(items()).toHaveLength(24))
  pullDown()
  await waitFor(() => expect(T.stopPullDownRefresh).toHaveBeenCalled())
  expect(items()).toHaveLength(12)
  expect(listCalls().map((o: any) => o.data.page)).toEqual([1, 2, 1])
})

test('phone: the "load more" line is a tap target for the next page too', async () => {
  ;(window as any).innerWidth = 390
  render(<TopicPage />)
  await waitFor(() => expect(items()).toHaveLength(12))
  act(() => screen.getByTestId('topic-more').click())
  await waitFor(() => expect(items()).toHaveLength(24))
})

test('desktop: the numbered pager stays and the bottom of the page loads nothing', async () => {
  render(<TopicPage />)
  await waitFor(() => expect(items()).toHaveLength(12))
  expect(screen.getByTestId('topic-pager')).toBeTruthy()
  expect(screen.queryByTestId('topic-more')).toBeNull()
  reachBottom()
  await act(async () => {})
  expect(listCalls().map((o: any) => o.data.page)).toEqual([1])
  act(() => screen.getByTestId('topic-next').click())
  await waitFor(() => expect(titles()[0]).toMatch(/^(专题|Topic) 13$/))
  expect(items()).toHaveLength(12)
})
