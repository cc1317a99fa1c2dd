/** @jest-environment jsdom */
/**
 * CMS admin views and shared components: the topic list shows the server's rows with only the
 * route's buttons and publishes through the API; the items picker orders; the table sorter becomes the
 * list query; ImageUpload checks the spec's size limits before sending and stores the answered URL;
 * the rich-text editor stores Quill's empty document as ''.
 */
import React from 'react'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { RouteButtonsProvider } from '../core/permission'

jest.mock('@ant-design/icons', () => new Proxy({}, { get: (_t, name) => (name === '__esModule' ? false : () => null) }))
// Quill needs a real layout engine; the editor's own logic is tested through normalizeEditorHtml
jest.mock('react-quill-new', () => ({ __esModule: true, default: () => null }))
jest.mock('react-quill-new/dist/quill.snow.css', () => ({}))

const warnings: string[] = []
jest.mock('../core/feedback', () => ({
  feedback: () => ({ success: jest.fn(), warning: (m: string) => warnings.push(m), error: (m: string) => warnings.push(m) }),
}))

const uploads: Array<{ kind: string }> = []
jest.mock('../api/file', () => ({
  ...jest.requireActual('../api/file'),
  uploadImage: jest.fn(async (_file: Blob, kind: string) => {
    uploads.push({ kind })
    return '/uploads/2026-11/abc.png'
  }),
}))

const TOPICS = {
  list: [{ id: 5, titleZh: '人才专题', titleEn: 'Talent topic', coverUrl: null, status: 'draft', publishedAt: null, isHot: false, sort: 0, viewCount: 3, itemCount: 2, updatedAt: '2026-11-20T00:00:00.000Z' }],
  total: 1,
  page: 1,
  pageSize: 20,
}
let calls: SentRequest[] = []
beforeEach(() => {
  calls = answerRequests((req) => (req.url === '/topic/admin/list' ? TOPICS : { id: 5 }))
})

import TopicListView from '../views/cms/topic-list-view'
import { moveItem } from '../views/common/ordered-list'
import { CMS_SORT } from '../views/cms/cms-common'
import { tableSort } from '../views/common/table-sort'
import { ImageUpload } from '../components/image-upload'
import { normalizeEditorHtml } from '../components/rich-text-editor'
import { checkImage, limitLabel } from '../components/image-rules'
import { answerRequests, type SentRequest } from './support/antd-jsdom'
import { initI18n, setLang } from '../../shared/i18n'
import { adminEn, adminZh } from '../locales'

jest.setTimeout(30_000)

beforeAll(() => {
  initI18n({ zh: adminZh, en: adminEn })
  setLang('en')
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (q: string) => ({ matches: false, media: q, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false }),
  })
})

const route = { path: '/admin/cms/topic', component: 'cms/topic/list' } as any

describe('CMS topic list', () => {
  test('rows from the server; only the route’s buttons; publish calls the publish endpoint', async () => {
    render(
      <RouteButtonsProvider buttons={['edit', 'publish']}>
        <TopicListView route={route} routes={[]} lang="en" open={() => {}} />
      </RouteButtonsProvider>,
    )
    await waitFor(() => expect(screen.getByText('Talent topic')).toBeTruthy())
    expect(screen.getByText('Topics')).toBeTruthy()
    expect(screen.getByText('Draft')).toBeTruthy()
    expect(calls[0]).toMatchObject({ url: '/topic/admin/list', method: 'GET' })
    expect(screen.queryByTestId('cms-topic-add')).toBeNull()
    expect(screen.queryByTestId('cms-topic-delete-5')).toBeNull()
    expect(screen.getByTestId('cms-topic-edit-5')).toBeTruthy()
    await act(async () => {
      fireEvent.click(screen.getByTestId('cms-topic-publish-5'))
    })
    expect(calls.find((c) => c.url === '/topic/admin/publish')).toMatchObject({ method: 'POST', data: { id: 5, publish: true } })
  })

  test('the Chinese title shows in Chinese', async () => {
    render(
      <RouteButtonsProvider buttons={[]}>
        <TopicListView route={route} routes={[]} lang="zh" open={() => {}} />
      </RouteButtonsProvider>,
    )
    await waitFor(() => expect(screen.getByText('人才专题')).toBeTruthy())
  })

  test('items picker order moves and the table sorter becomes the list query', () => {
    expect(moveItem([1, 2, 3], 2, -1)).toEqual([1, 3, 2])
    expect(moveItem([1, 2, 3], 0, -1)).toEqual([1, 2, 3])
    expect(tableSort({ columnKey: 'sort', order: 'descend' } as any, CMS_SORT)).toEqual({ sortField: 'sort', sortOrder: 'descend' })
    expect(tableSort({ columnKey: 'sort', order: undefined } as any, CMS_SORT)).toEqual({ sortField: undefined, sortOrder: undefined })
  })
})

describe('ImageUpload', () => {
  test('limits follow the spec: 4 MB images, 400 KB avatars, logos and video covers', () => {
    expect(limitLabel('image')).toBe('4 MB')
    expect(limitLabel('avatar')).toBe('400 KB')
    expect(limitLabel('videoCover')).toBe('400 KB')
    expect(checkImage({ size: 4 * 1024 * 1024, type: 'image/png' }, 'image')).toBe('ok')
    expect(checkImage({ size: 4 * 1024 * 1024 + 1, type: 'image/png' }, 'image')).toBe('tooLarge')
    expect(checkImage({ size: 400 * 1024 + 1, type: 'image/jpeg' }, 'logo')).toBe('tooLarge')
    expect(checkImage({ size: 10, type: 'application/pdf' }, 'image')).toBe('type')
  })

  test('a too-large file is refused before sending; a good one stores the URL the server answered', async () => {
    const onChange = jest.fn()
    const { container } = render(<ImageUpload kind="logo" hint="1:1" onChange={onChange} data-testid="logo" />)
    expect(screen.getByTestId('logo-hint').textContent).toContain('1:1')
    expect(screen.getByTestId('logo-hint').textContent).toContain('400 KB')
    const input = container.querySelector('input[type=file]') as HTMLInputElement
    const big = new File([new Uint8Array(400 * 1024 + 1)], 'big.png', { type: 'image/png' })
    warnings.length = 0
    uploads.length = 0
    await act(async () => {
      fireEvent.change(input, { target: { files: [big] } })
    })
    await waitFor(() => expect(warnings.length).toBe(1))
    expect(uploads).toHaveLength(0)
    expect(onChange).not.toHaveBeenCalled()

    // a fresh picker (jsdom does not fire a second change on the same file input)
    const second = render(<ImageUpload kind="logo" onChange={onChange} />)
    const input2 = second.container.querySelector('input[type=file]') as HTMLInputElement
    const ok = new File([new Uint8Array(1000)], 'ok.png', { type: 'image/png' })
    await act(async () => {
      fireEvent.change(input2, { target: { files: [ok] } })
    })
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('/uploads/2026-11/abc.png'))
    expect(uploads).toEqual([{ kind: 'logo' }])
  })

  test('with a value it shows the picture and remove clears it', async () => {
    const onChange = jest.fn()
    const { container } = render(<ImageUpload value="/uploads/2026-11/abc.png" onChange={onChange} />)
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/uploads/2026-11/abc.png')
    const remove = container.querySelector('[title="Remove file"], .ant-upload-list-item-actions button:last-child') as HTMLElement
    expect(remove).toBeTruthy()
    await act(async () => {
      fireEvent.click(remove)
    })
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(null))
  })
})

describe('RichTextEditor', () => {
  test("Quill's empty document is stored as ''; content is kept as is", () => {
    expect(normalizeEditorHtml('<p><br></p>')).toBe('')
    expect(normalizeEditorHtml('<p><br></p><p>  </p>')).toBe('')
    expect(normalizeEditorHtml('<h2>Title</h2><p><br></p>')).toBe('<h2>Title</h2><p><br></p>')
    expect(normalizeEditorHtml('<p><img src="/uploads/a.png"></p>')).toBe('<p><img src="/uploads/a.png"></p>')
  })
})
