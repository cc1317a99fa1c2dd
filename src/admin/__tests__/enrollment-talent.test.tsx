/** @jest-environment jsdom */
/**
 * My talent activity: activities with promoted enrolments on the left; picking one lists the people the
 * promoters brought (with the promoter's name and code); "detail" opens the talent detail drawer.
 */
import React from 'react'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import TalentView from '../views/enrollment/talent-view'
import { ADMIN_TALENT_API as T } from '@contracts/admin-enrollment'
import type { ViewProps } from '../views/view-props'

jest.mock('@ant-design/icons', () => ({ EditOutlined: () => null }))
jest.setTimeout(30_000)

const ACTIVITY = {
  id: 7, titleZh: '推广活动', titleEn: 'Promoted activity', startTime: '2026-12-01T01:00:00.000Z', endTime: '2026-12-01T05:00:00.000Z', timeZone: 'UTC+08:00',
  status: 'published', organizationId: 1, organizationNameZh: '机构', organizationNameEn: 'Org', enrollNeedProcess: false, peopleCount: 0, enrolledCount: 1, enrollmentCount: 1, promotedCount: 1,
}
const ITEM = {
  id: 40, activityId: 7, status: 'approved', createdAt: '2026-11-20T08:00:00.000Z', updatedAt: '2026-11-20T08:00:00.000Z',
  answers: { name: '王五' }, remark: '', person: { userId: 3, nickName: 'wang', email: 'wang@ex.com', guest: false },
  promoter: { userId: 9, nickName: 'P', realName: '李推广', code: 'DEMO2026' },
}
const DETAIL = {
  person: { ...ITEM.person, realName: '王五', avatarUrl: null, phone: null, registeredAt: '2026-01-01T00:00:00.000Z', isPromoter: false },
  promoter: ITEM.promoter,
  enrollments: [{ id: 40, activityId: 7, activityTitleZh: '推广活动', activityTitleEn: 'Promoted activity', activityStartTime: ACTIVITY.startTime, status: 'approved', createdAt: ITEM.createdAt, answers: ITEM.answers, fields: [{ key: 'name', type: 'text', labelZh: '姓名', labelEn: 'Name', required: true }] }],
}

test('pick an activity, see who the promoters brought, open the talent detail', async () => {
  ;(globalThis as any).ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  window.matchMedia = window.matchMedia || ((() => ({ matches: false, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {} })) as never)
  const request = Taro.request as unknown as jest.Mock
  request.mockReset()
  request.mockImplementation(async (opts: { url: string }) => {
    const ok = (result: unknown) => ({ statusCode: 200, header: {}, data: { code: 200, message: '', result } })
    if (opts.url.includes(T.activities)) return ok({ list: [ACTIVITY], total: 1, page: 1, pageSize: 10 })
    if (opts.url.includes(T.list)) return ok({ list: [ITEM], total: 1, page: 1, pageSize: 20, activity: ACTIVITY, fields: DETAIL.enrollments[0].fields })
    if (opts.url.includes(T.detail)) return ok(DETAIL)
    return ok(null)
  })
  const props = { route: {}, routes: [], lang: 'zh', open: jest.fn() } as unknown as ViewProps
  render(<TalentView {...props} />)
  await screen.findByText('推广活动', {}, { timeout: 10_000 })
  await act(async () => {
    fireEvent.click(await screen.findByTestId('adm-talent-activity', {}, { timeout: 10_000 }))
  })
  expect(await screen.findByText('王五', {}, { timeout: 10_000 })).toBeTruthy()
  expect(screen.getByText('李推广')).toBeTruthy()
  expect(request.mock.calls.find(([o]) => o.url.includes(T.list))![0].data).toMatchObject({ activityId: 7 })
  await act(async () => {
    fireEvent.click(screen.getByTestId('adm-talent-detail'))
  })
  await waitFor(() => expect(request.mock.calls.some(([o]) => o.url.includes(T.detail))).toBe(true))
  expect(request.mock.calls.find(([o]) => o.url.includes(T.detail))![0].data).toEqual({ enrollmentId: 40 })
  expect(await screen.findByTestId('adm-enroll-talent-item', {}, { timeout: 10_000 })).toBeTruthy()
})
