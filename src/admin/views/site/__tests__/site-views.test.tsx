/** @jest-environment jsdom */
import React from 'react'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { RouteButtonsProvider } from '../../../core/permission'
import { SITE_SORT, windowState } from '../crud-config'
import { tableSort } from '../../common/table-sort'
import { BannerView } from '../site-views'
import { answerRequests, type SentRequest } from '../../../__tests__/support/antd-jsdom'

// the client jest config does not transform @ant-design/colors' ESM (pulled in by the icons): stub the icons
jest.mock('@ant-design/icons', () => new Proxy({}, { get: (_t, name) => (name === '__esModule' ? false : () => null) }))
// the shared editors (Quill, antd Upload) are tested by their owner; plain inputs here
jest.mock('../../../components/rich-text-editor', () => ({ RichTextEditor: () => null }))
jest.mock('../../../components/image-upload', () => ({ ImageUpload: () => null }))

const BANNERS = {
  list: [{ id: 7, titleZh: '春季横幅', titleEn: 'Spring banner', imageUrl: '/a.svg', linkUrl: '/activity', position: 'home', sort: 2, published: true, startAt: null, endAt: null }],
  total: 1,
  page: 1,
  pageSize: 20,
}
let calls: SentRequest[] = []
beforeEach(() => {
  calls = answerRequests((req) => (req.url === '/cms/banner/list' ? BANNERS : { id: 7 }))
})

beforeAll(() => {
  ;(globalThis as any).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  // rc-form batches watchers through MessageChannel, which jsdom lacks
  ;(globalThis as any).MessageChannel = class {
    port1: { onmessage: null | ((e: unknown) => void) } = { onmessage: null }
    port2 = { postMessage: () => setTimeout(() => this.port1.onmessage?.({}), 0) }
  }
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (q: string) => ({ matches: false, media: q, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false }),
  })
})

jest.setTimeout(30000)

const route = { path: '/admin/cms/banner', component: 'cms/banner/list' } as any

describe('site content views', () => {
  test('free time state of a row', () => {
    const now = Date.parse('2026-06-01T00:00:00Z')
    expect(windowState({}, now)).toBe('always')
    expect(windowState({ startAt: '2026-07-01T00:00:00Z' }, now)).toBe('scheduled')
    expect(windowState({ startAt: '2026-05-01T00:00:00Z', endAt: '2026-07-01T00:00:00Z' }, now)).toBe('live')
    expect(windowState({ endAt: '2026-05-01T00:00:00Z' }, now)).toBe('expired')
  })

  test('a table sorter becomes the list query sortField / sortOrder', () => {
    expect(tableSort({ columnKey: 'sort', order: 'descend' } as any, SITE_SORT)).toEqual({ sortField: 'sort', sortOrder: 'desc' })
    expect(tableSort({ columnKey: 'window', order: 'ascend' } as any, SITE_SORT)).toEqual({ sortField: 'startAt', sortOrder: 'asc' })
    expect(tableSort({ columnKey: 'sort', order: undefined } as any, SITE_SORT)).toEqual({ sortField: undefined, sortOrder: undefined })
  })

  test('banner list: rows from the server, buttons only as the route permits, publish switch calls the status endpoint', async () => {
    render(
      <RouteButtonsProvider buttons={['edit', 'publish']}>
        <BannerView route={route} routes={[]} lang="en" open={() => {}} />
      </RouteButtonsProvider>,
    )
    await waitFor(() => expect(screen.getByText('Spring banner')).toBeTruthy(), { timeout: 10000 })
    expect(calls[0]).toMatchObject({ url: '/cms/banner/list', method: 'GET' })
    expect(screen.queryByTestId('site-banner-add')).toBeNull() // no 'add' button on the route
    expect(screen.queryByTestId('site-banner-delete-7')).toBeNull()
    expect(screen.getByTestId('site-banner-edit-7')).toBeTruthy()
    await act(async () => {
      fireEvent.click(screen.getByTestId('site-banner-publish-7'))
    })
    await waitFor(() => expect(calls.some((c) => c.url === '/cms/banner/status' && c.data.id === 7 && c.data.published === false)).toBe(true))
    // edit: the drawer opens with the row's values and saves them back with the id
    fireEvent.click(screen.getByTestId('site-banner-edit-7'))
    const title = (await screen.findByTestId('site-banner-titleEn')) as HTMLInputElement
    expect(title.value).toBe('Spring banner')
    fireEvent.change(title, { target: { value: 'Summer banner' } })
    fireEvent.click(screen.getByTestId('site-banner-save'))
    await waitFor(() => expect(calls.find((c) => c.url === '/cms/banner/update')?.data).toMatchObject({ id: 7, titleEn: 'Summer banner', position: 'home' }), { timeout: 5000 })
  })

  test('search box sends the keyword', async () => {
    render(
      <RouteButtonsProvider buttons={['add']}>
        <BannerView route={route} routes={[]} lang="zh" open={() => {}} />
      </RouteButtonsProvider>,
    )
    expect(screen.getByTestId('site-banner-add')).toBeTruthy()
    const el = screen.getByTestId('site-banner-search')
    const box = (el.tagName === 'INPUT' ? el : el.querySelector('input')) as HTMLInputElement
    fireEvent.change(box, { target: { value: '春季' } })
    fireEvent.keyDown(box, { key: 'Enter', keyCode: 13 })
    await waitFor(() => expect(calls.some((c) => c.url === '/cms/banner/list' && c.data.keyword === '春季')).toBe(true))
  })
})
