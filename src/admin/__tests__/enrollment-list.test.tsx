/** @jest-environment jsdom */
/**
 * The enrolment list view: a multi-value answer takes one sub-row per value while the other cells span
 * them (row spanning), the activity comes from the URL, approve calls the status endpoint, buttons
 * follow the route's button permission; plus the pure helpers behind it.
 */
import React from 'react'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import Taro from '@tarojs/taro'
import { RouteButtonsProvider } from '../core/permission'
import EnrollListView from '../views/enrollment/enroll-list-view'
import { activityIdFrom, expandRows, subValue, answerText } from '../views/enrollment/enroll-rows'
import { toAnswers } from '../views/enrollment/enroll-parts'
import { ADMIN_ENROLL_API as A, type AdminEnrollItem } from '@contracts/admin-enrollment'
import type { EnrollFormField } from '@contracts/enrollment'
import { installAntdJsdomShims, ok, viewProps } from './support/antd-jsdom'

// @ant-design/icons ships ESM that this jest setup does not transform
jest.mock('@ant-design/icons', () => ({ EditOutlined: () => null }))
// antd's first render in jsdom is slow on a busy 2-core machine
jest.setTimeout(30_000)

/** a form field; options as [value, Chinese label, English label] */
const field = (key: string, type: EnrollFormField['type'], [labelZh, labelEn]: [string, string], required: boolean, options?: Array<[string, string, string]>): EnrollFormField => ({
  key,
  type,
  labelZh,
  labelEn,
  required,
  ...(options ? { options: options.map(([value, zh, en]) => ({ value, labelZh: zh, labelEn: en })) } : {}),
})
const FIELDS: EnrollFormField[] = [
  field('name', 'text', ['姓名', 'Name'], true),
  field('topics', 'checkbox', ['方向', 'Topics'], true, [['ai', '人工智能', 'AI'], ['bio', '生物医药', 'Biotech'], ['chip', '集成电路', 'Chips']]),
  field('level', 'select', ['学历', 'Degree'], false, [['phd', '博士', 'PhD']]),
]

const item = (id: number, answers: AdminEnrollItem['answers'], status: AdminEnrollItem['status'] = 'pending'): AdminEnrollItem => ({
  id,
  activityId: 5,
  status,
  createdAt: '2026-11-20T08:00:00.000Z',
  updatedAt: '2026-11-20T08:00:00.000Z',
  answers,
  remark: '',
  rejectReason: '',
  person: { userId: id, nickName: `nick${id}`, email: `u${id}@ex.com`, guest: false },
  promoter: id === 1 ? { userId: 9, nickName: 'P', realName: '李推广', code: 'DEMO2026' } : null,
})
const LIST = [item(1, { name: 'Alice', topics: ['ai', 'bio', 'chip'], level: 'phd' }), item(2, { name: 'Bob', topics: ['bio'] }, 'approved')]
const ACTIVITY = {
  id: 5, titleZh: '测试活动', titleEn: 'Test activity', startTime: '2026-12-01T01:00:00.000Z', endTime: '2026-12-01T05:00:00.000Z', timeZone: 'UTC+08:00',
  status: 'published', organizationId: 1, organizationNameZh: '机构', organizationNameEn: 'Org', enrollNeedProcess: true, peopleCount: 10, enrolledCount: 2, enrollmentCount: 2, promotedCount: 1,
}

describe('enrolment table helpers', () => {
  test('a multi-value answer expands into one sub-row per value; the first carries the span', () => {
    const rows = expandRows(LIST, FIELDS)
    expect(rows.map((r) => [r.item.id, r.index, r.span])).toEqual([[1, 0, 3], [1, 1, 0], [1, 2, 0], [2, 0, 1]])
    expect(rows.slice(0, 3).map((r) => subValue(r, FIELDS[1], 'zh'))).toEqual(['人工智能', '生物医药', '集成电路'])
    expect(subValue(rows[3], FIELDS[1], 'en')).toBe('Biotech')
    expect(expandRows([item(3, { name: 'x' })], FIELDS).map((r) => r.span)).toEqual([1])
  })

  test('answers show option labels; the URL names the activity; form values become answers', () => {
    expect(answerText(FIELDS[2], 'phd', 'en')).toBe('PhD')
    expect(answerText(FIELDS[1], ['ai', 'chip'], 'zh')).toBe('人工智能、集成电路')
    expect(activityIdFrom('?activityId=12')).toBe(12)
    expect(activityIdFrom('?activityId=abc')).toBeNull()
    expect(activityIdFrom('')).toBeNull()
    expect(toAnswers(FIELDS, { name: 'A', topics: ['ai'], level: undefined })).toEqual({ name: 'A', topics: ['ai'], level: null })
  })
})

describe('enrolment list view', () => {
  const request = Taro.request as unknown as jest.Mock
  beforeAll(installAntdJsdomShims)
  beforeEach(() => {
    request.mockReset()
    request.mockImplementation(async (opts: { url: string; data?: Record<string, unknown> }) => {
      if (opts.url.includes(A.activities)) return ok({ list: [ACTIVITY], total: 1, page: 1, pageSize: 30 })
      if (opts.url.includes(A.list)) return ok({ list: LIST, total: 2, page: 1, pageSize: 20, activity: ACTIVITY, fields: FIELDS })
      if (opts.url.includes(A.status)) return ok({ ...LIST[0], status: 'approved' })
      return ok(null)
    })
    window.history.pushState({}, '', '/admin/activity/enroll?activityId=5')
  })

  const props = viewProps('/activity/enroll', 'e', 'activity/enroll/list', 'zh')

  test('the form fields are columns and the checkbox answer spans three sub-rows', async () => {
    render(
      <RouteButtonsProvider buttons={['approve', 'edit', 'export']}>
        <EnrollListView {...props} />
      </RouteButtonsProvider>,
    )
    await screen.findByText('Alice', {}, { timeout: 10_000 })
    const listCall = request.mock.calls.find(([o]) => o.url.includes(A.list))![0]
    expect(listCall.data).toMatchObject({ activityId: 5, sortOrder: 'desc' })
    for (const h of ['姓名', '方向', '学历']) expect(screen.getAllByText(h).length).toBeGreaterThan(0)
    // the name cell spans the three sub-rows of Alice's three topics
    expect(screen.getByText('Alice').closest('td')!.getAttribute('rowspan')).toBe('3')
    for (const v of ['人工智能', '生物医药', '集成电路']) expect(screen.getAllByText(v).length).toBeGreaterThan(0)
    expect(screen.getByText('博士')).toBeTruthy()
    expect(screen.getByText('DEMO2026')).toBeTruthy()
    expect(screen.getByTestId('adm-enroll-export')).toBeTruthy()
    // Alice is pending: approve; Bob is approved already: only reject
    const approve = screen.getAllByTestId('adm-enroll-approve')
    expect(approve).toHaveLength(1)
    await act(async () => {
      fireEvent.click(approve[0])
    })
    await waitFor(() => expect(request.mock.calls.some(([o]) => o.url.includes(A.status))).toBe(true))
    const statusCall = request.mock.calls.find(([o]) => o.url.includes(A.status))![0]
    expect(statusCall.data).toEqual({ id: 1, status: 'approved' })
    expect(within(screen.getByTestId('adm-enroll-table')).getAllByTestId('adm-enroll-reject')).toHaveLength(2)

    // rejecting asks for an optional reason, which goes with the status
    await act(async () => {
      fireEvent.click(within(screen.getByTestId('adm-enroll-table')).getAllByTestId('adm-enroll-reject')[1])
    })
    fireEvent.change(await screen.findByTestId('adm-enroll-reject-input'), { target: { value: '  名额已满  ' } })
    await act(async () => {
      fireEvent.click(screen.getByTestId('adm-enroll-reject-ok'))
    })
    await waitFor(() => expect(request.mock.calls.filter(([o]) => o.url.includes(A.status))).toHaveLength(2))
    expect(request.mock.calls.filter(([o]) => o.url.includes(A.status))[1][0].data).toEqual({ id: 2, status: 'rejected', reason: '名额已满' })
  })

  test('without the buttons no approve, edit or export is offered', async () => {
    render(
      <RouteButtonsProvider buttons={[]}>
        <EnrollListView {...props} />
      </RouteButtonsProvider>,
    )
    await screen.findByText('Alice', {}, { timeout: 10_000 })
    expect(screen.queryByTestId('adm-enroll-approve')).toBeNull()
    expect(screen.queryByTestId('adm-enroll-reject')).toBeNull()
    expect(screen.queryByTestId('adm-enroll-edit')).toBeNull()
    expect(screen.queryByTestId('adm-enroll-export')).toBeNull()
    expect(screen.getAllByTestId('adm-enroll-talent-btn')).toHaveLength(2)
  })
})
