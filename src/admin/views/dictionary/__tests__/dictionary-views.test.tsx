/** @jest-environment jsdom */
/**
 * Dictionary area views: the types → options flow, ordering and enabling options, the service-category
 * tree (expanded, hide toggle), and button permissions hiding what the route does not grant.
 */
import React from 'react'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import { RouteButtonsProvider } from '../../../core/permission'
import DictView from '../dict-view'
import ServiceCategoryView from '../service-category-view'
import { textToHtml } from '../dict-parts'
import { tableSort } from '../../common/table-sort'
import { ADMIN_DICTIONARY_API as A, type DictItemRow, type DictTypeRow, type ServiceCategoryNode } from '@contracts/admin-dictionary'
import { installAntdJsdomShims, ok, viewProps } from '../../../__tests__/support/antd-jsdom'

jest.setTimeout(40000)
const SLOW = { timeout: 15000 } // antd's first render in jsdom takes seconds on a busy 2-core box

const TYPES: DictTypeRow[] = [
  { id: 1, code: 'professional_field', nameZh: '专业领域', nameEn: 'Professional fields', itemCount: 3, system: true, updatedAt: '2026-11-20T08:00:00.000Z' },
  { id: 2, code: 'visa_type', nameZh: '签证类型', nameEn: 'Visa types', itemCount: 0, system: false, updatedAt: '2026-11-20T08:00:00.000Z' },
]
const item = (id: number, code: string, sort: number, status: 0 | 1 = 1): DictItemRow => ({
  id, typeCode: 'professional_field', code, nameZh: `名${code}`, nameEn: `Name ${code}`, internationalizeKey: null, sort, status, updatedAt: '2026-11-20T08:00:00.000Z',
})
const ITEMS = [item(11, 'ai', 10), item(12, 'biomed', 20), item(13, 'ic', 30, 0)]
const node = (id: number, pid: number, nameZh: string, nameEn: string, children: ServiceCategoryNode[] = [], links: string[] = []): ServiceCategoryNode => ({
  id, pid, nameZh, nameEn, sort: 10, hidden: 0, agentUserId: 5, agentName: '客服小海', links, children,
})
const TREE = [node(1, 0, '求职招聘', 'Job hunting', [node(2, 1, '高校教职', 'University positions')], ['repatriation_service:apply_job'])]

const props = viewProps('/system/dict', 'd', 'system/dict/list', 'zh')

describe('dictionary area views', () => {
  const request = Taro.request as unknown as jest.Mock
  beforeAll(installAntdJsdomShims)
  beforeEach(() => {
    request.mockReset()
    request.mockImplementation(async (opts: { url: string }) => {
      if (opts.url.includes(A.typeList)) return ok({ list: TYPES, total: 2, page: 1, pageSize: 20 })
      if (opts.url.includes(A.itemList)) return ok({ list: ITEMS, total: 3, page: 1, pageSize: 50 })
      if (opts.url.includes(A.categoryTree)) return ok({ list: TREE })
      if (opts.url.includes(A.categoryAgents)) return ok([{ userId: 5, nickName: '客服小海', email: 'kefu@haijiao.demo' }])
      if (opts.url.includes(A.categoryBusiness)) return ok([{ bizType: 'repatriation_service', bizCode: 'apply_job', titleZh: '求职服务', titleEn: 'Job services', categoryId: 1 }])
      return ok({ id: 1 })
    })
  })
  const calls = (url: string) => request.mock.calls.map(([o]) => o).filter((o) => o.url.includes(url))

  test('picking a type lists its options; ↓ reorders the page; the switch disables an option', async () => {
    render(
      <RouteButtonsProvider buttons={['add', 'edit', 'delete', 'sort']}>
        <DictView {...props} />
      </RouteButtonsProvider>,
    )
    await screen.findByTestId('dict-type-row-professional_field', {}, SLOW)
    expect(screen.getByTestId('dict-type-add')).toBeTruthy()
    // a system type cannot be deleted; an empty custom one can
    expect(screen.queryByTestId('dict-type-delete-professional_field')).toBeNull()
    expect(screen.getByTestId('dict-type-delete-visa_type')).toBeTruthy()
    await act(async () => {
      fireEvent.click(screen.getByTestId('dict-type-row-professional_field'))
    })
    await screen.findByTestId('dict-item-row-ai', {}, SLOW)
    expect(calls(A.itemList)[0].data).toMatchObject({ typeCode: 'professional_field', page: 1, pageSize: 50 })
    await act(async () => {
      fireEvent.click(screen.getByTestId('dict-item-down-ai'))
    })
    await waitFor(() => expect(calls(A.sort)).toHaveLength(1), SLOW)
    expect(calls(A.sort)[0].data).toEqual({ typeCode: 'professional_field', ids: [12, 11, 13] })
    await act(async () => {
      fireEvent.click(screen.getByTestId('dict-item-status-biomed'))
    })
    await waitFor(() => expect(calls(A.update)).toHaveLength(1), SLOW)
    expect(calls(A.update)[0].data).toMatchObject({ kind: 'item', id: 12, status: 0 })
  })

  test('without buttons the dictionary offers no add, edit, delete or order', async () => {
    render(
      <RouteButtonsProvider buttons={[]}>
        <DictView {...props} />
      </RouteButtonsProvider>,
    )
    const row = await screen.findByTestId('dict-type-row-professional_field', {}, SLOW)
    await act(async () => {
      fireEvent.click(row)
    })
    await screen.findByTestId('dict-item-row-ai', {}, SLOW)
    for (const id of ['dict-type-add', 'dict-item-add', 'dict-item-edit-ai', 'dict-item-delete-ai', 'dict-item-up-biomed', 'dict-type-edit-visa_type']) {
      expect(screen.queryByTestId(id)).toBeNull()
    }
  })

  test('the service-category tree opens expanded, shows agent and linked business, and hides a category', async () => {
    render(
      <RouteButtonsProvider buttons={['add', 'edit', 'delete']}>
        <ServiceCategoryView {...props} />
      </RouteButtonsProvider>,
    )
    await screen.findByText('高校教职', {}, SLOW)
    expect(screen.getAllByText('客服小海').length).toBeGreaterThan(0)
    await waitFor(() => expect(screen.getByText('求职服务')).toBeTruthy())
    await act(async () => {
      fireEvent.click(screen.getByTestId('category-visible-2'))
    })
    await waitFor(() => expect(calls(A.categoryUpdate)).toHaveLength(1), SLOW)
    expect(calls(A.categoryUpdate)[0].data).toEqual({ id: 2, hidden: 1 })
  })

  test('helpers: plain text becomes escaped paragraphs; antd sorter becomes the sort query', () => {
    expect(textToHtml('a < b\n\nline1\nline2')).toBe('<p>a &lt; b</p><p>line1<br>line2</p>')
    expect(tableSort({ field: 'code', columnKey: 'code', order: 'descend' } as never)).toEqual({ sortField: 'code', sortOrder: 'desc' })
    expect(tableSort({ field: 'code', order: undefined } as never)).toEqual({ sortField: undefined, sortOrder: undefined })
    // the name column shows the current language's name: it sorts by its key (nameZh / nameEn), having no dataIndex
    expect(tableSort({ columnKey: 'nameEn', order: 'ascend' } as never)).toEqual({ sortField: 'nameEn', sortOrder: 'asc' })
  })
})
