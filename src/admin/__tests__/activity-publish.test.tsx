/** @jest-environment jsdom */
/**
 * Activity publishing views: times in the activity's own zone, form values ↔ request body, the client
 * rules (same as the server's) with the step they point to, the form builder (nine types, options,
 * order, preview), the publish view's save-draft → add / save calls, and the manager list's links.
 */
import React from 'react'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import dayjs from 'dayjs'
import { RouteButtonsProvider } from '../core/permission'
import { fromZonedIso, toZonedIso, formatInZone, zoneSuffix } from '../views/activity/time'
import { FormBuilder, FormPreview, formProblem, moveField, nextKey } from '../views/activity/publish/form-builder'
import PublishView from '../views/activity/publish/publish-view'
import { INITIAL, problemOf, stepOfField, toBody, toValues, type PublishValues } from '../views/activity/publish/publish-values'
import ManagerView, { findNode } from '../views/activity/manager-view'
import { ADMIN_ACTIVITY_API as A, TIME_ZONES, timeZoneMinutes, type AdminActivityDetail } from '@contracts/admin-activity'
import type { EnrollFormField } from '@contracts/enrollment'
import { installAntdJsdomShims, ok, viewProps } from './support/antd-jsdom'
import { initI18n } from '../../shared/i18n'
import { adminEn, adminZh } from '../locales'

// the icons' index pulls an ESM-only colour package jest does not transform; the views only need placeholders
jest.mock('@ant-design/icons', () => new Proxy({ __esModule: true }, { get: (_t, k) => (k === '__esModule' ? true : () => null) }))
jest.mock('../components/rich-text-editor', () => ({
  RichTextEditor: (p: { value?: string; onChange?: (v: string) => void; 'data-testid'?: string }) => (
    <textarea data-testid={p['data-testid']} value={p.value ?? ''} onChange={(e) => p.onChange?.(e.target.value)} />
  ),
}))
jest.mock('../components/image-upload', () => ({
  ImageUpload: (p: { value?: string | null; onChange?: (v: string | null) => void; 'data-testid'?: string }) => (
    <input data-testid={p['data-testid']} value={p.value ?? ''} onChange={(e) => p.onChange?.(e.target.value || null)} />
  ),
}))

// antd in jsdom is slow: a whole publish form renders in seconds
jest.setTimeout(30_000)

beforeAll(() => {
  initI18n({ zh: adminZh, en: adminEn })
  // antd's Form.useWatch notifies through a MessageChannel, which jsdom lacks
  installAntdJsdomShims()
})

describe('activity times and time zones', () => {
  test('the 25 spec time zones from UTC-12:00 to UTC+12:00; anything else is refused', () => {
    expect(TIME_ZONES).toHaveLength(25)
    expect([TIME_ZONES[0], TIME_ZONES[12], TIME_ZONES[24]]).toEqual(['UTC-12:00', 'UTC+00:00', 'UTC+12:00'])
    expect(timeZoneMinutes('UTC+05:30')).toBe(330)
    expect(timeZoneMinutes('UTC+12:30')).toBeNull()
    expect(timeZoneMinutes('UTC-13:00')).toBeNull()
    expect(timeZoneMinutes('GMT+8')).toBeNull()
  })

  test('a picked wall time is sent as ISO with milliseconds in the first address’s zone and read back the same', () => {
    const wall = dayjs('2026-12-01 09:30:00')
    expect(toZonedIso(wall, 'UTC+08:00')).toBe('2026-12-01T09:30:00.000+08:00')
    expect(toZonedIso(wall, 'UTC-05:00')).toBe('2026-12-01T09:30:00.000-05:00')
    expect(zoneSuffix('nonsense')).toBe('Z')
    const back = fromZonedIso('2026-12-01T01:30:00.000Z', 'UTC+08:00')!
    expect(back.format('YYYY-MM-DD HH:mm')).toBe('2026-12-01 09:30')
    expect(formatInZone('2026-12-01T01:30:00.000Z', 'UTC-08:00')).toBe('2026-11-30 17:30 (UTC-08:00)')
    expect(formatInZone('', 'UTC+08:00')).toBe('—')
  })
})

const FIELDS: EnrollFormField[] = [
  { key: 'name', type: 'text', labelZh: '姓名', labelEn: 'Name', required: true },
  { key: 'degree', type: 'radio', labelZh: '学历', labelEn: 'Degree', required: true, options: [{ value: 'phd', labelZh: '博士', labelEn: 'PhD' }] },
]
const DETAIL: AdminActivityDetail = {
  id: 7, status: 'draft', isHot: false, departmentId: null, enrolledCount: 0, organizationNameZh: '机构', organizationNameEn: 'Org',
  titleZh: '活动', titleEn: 'Activity', type: 'both', categoryCodes: ['forum'], tagsZh: ['人才', '创业'], tagsEn: ['Talent'], posterUrl: '/p.png', bannerUrl: null,
  peopleCount: 50, organizationId: 3, startTime: '2026-12-01T01:00:00.000Z', endTime: '2026-12-01T05:00:00.000Z',
  addresses: [{ country: 'CN', timeZone: 'UTC+08:00', cityZh: '北京', cityEn: 'Beijing', addressZh: '海淀', addressEn: 'Haidian' }],
  enrollForm: FIELDS, summaryZh: '简介', summaryEn: 'Summary', detailZh: '<p>详情</p>', detailEn: '<p>Detail</p>', highlightsZh: ['亮点'], highlightsEn: ['Point'],
  isOpen: true, isNeedLoginEnroll: false, signUpOnce: true, enrollNeedProcess: true, entrustHaijiaoProcess: false, enrollNotesZh: '', enrollNotesEn: '',
  enrollDeadline: '2026-11-30T16:00:00.000Z', isDeadlineEqualEnd: false, isSyncProject: true, liveUrl: 'https://live.example.com', liveQrUrl: null, wechatGroupQrUrl: null, remind24h: true, remind2h: false,
}

describe('publish form values and rules', () => {
  test('stored activity → form values → body keeps every step (times back in the zone, tags split)', () => {
    const body = toBody(toValues(DETAIL))
    expect(body).toMatchObject({
      titleZh: '活动', titleEn: 'Activity', type: 'both', categoryCodes: ['forum'], tagsZh: ['人才', '创业'], peopleCount: 50, organizationId: 3,
      startTime: '2026-12-01T09:00:00.000+08:00', endTime: '2026-12-01T13:00:00.000+08:00', enrollDeadline: '2026-12-01T00:00:00.000+08:00',
      addresses: DETAIL.addresses, enrollForm: FIELDS, highlightsZh: ['亮点'], isNeedLoginEnroll: false, isSyncProject: true, liveUrl: 'https://live.example.com',
    })
    expect(Date.parse(body.startTime!)).toBe(Date.parse(DETAIL.startTime))
    expect(toBody({ ...toValues(DETAIL), isDeadlineEqualEnd: true }).enrollDeadline).toBeNull()
    expect(toBody({ ...INITIAL, tagsZh: '甲，乙, 丙;' } as PublishValues).tagsZh).toEqual(['甲', '乙', '丙'])
  })

  test('the client refuses what the server would, pointing at the step', () => {
    const ok = toBody(toValues(DETAIL))
    expect(problemOf(ok, true)).toBeNull()
    expect(problemOf({ ...ok, titleEn: '' }, true)).toEqual({ step: 'basic', key: 'adm.activity.rule.titles' })
    expect(problemOf({ ...ok, titleEn: '' }, false)).toBeNull()
    expect(problemOf({ ...ok, addresses: [] }, true)).toEqual({ step: 'address', key: 'adm.activity.rule.address' })
    expect(problemOf({ ...ok, addresses: [] }, false)).toBeNull()
    expect(problemOf({ ...ok, enrollDeadline: '2026-12-01T14:00:00.000+08:00' }, false)).toEqual({ step: 'settings', key: 'adm.activity.rule.deadline' })
    expect(problemOf({ ...ok, liveUrl: 'live.example.com' }, false)).toEqual({ step: 'settings', key: 'adm.activity.rule.liveUrl' })
    expect(problemOf({ ...ok, endTime: ok.startTime }, false)?.key).toBe('adm.activity.rule.endAfterStart')
    expect(problemOf({ ...ok, enrollForm: [FIELDS[0], FIELDS[0]] }, false)).toEqual({ step: 'form', key: 'adm.activity.form.badKey' })
    expect(stepOfField('addresses.0.timeZone')).toBe('address')
    expect(stepOfField('enrollForm.2.options')).toBe('form')
    expect(stepOfField('enrollDeadline')).toBe('settings')
    expect(stepOfField('titleEn')).toBe('basic')
  })

  test('form definition helpers: unique keys, order, options needed for choice types', () => {
    expect(nextKey(FIELDS, 'text')).toBe('text1')
    expect(nextKey([{ ...FIELDS[0], key: 'text1' }], 'text')).toBe('text2')
    expect(moveField([1, 2, 3], 2, 1)).toEqual([1, 3, 2])
    expect(moveField([1, 2, 3], 0, -1)).toEqual([1, 2, 3])
    expect(formProblem(FIELDS)).toBeNull()
    expect(formProblem([{ ...FIELDS[1], options: [] }])).toEqual({ index: 0, key: 'adm.activity.form.optionsRequired' })
    expect(formProblem([{ ...FIELDS[0], labelEn: ' ' }])).toEqual({ index: 0, key: 'adm.activity.form.labelRequired' })
  })
})

describe('form builder', () => {
  function Harness({ initial = [] as EnrollFormField[] }) {
    const [v, setV] = React.useState<EnrollFormField[]>(initial)
    return (
      <>
        <FormBuilder value={v} onChange={setV} />
        <FormPreview fields={v} />
        <pre data-testid="json">{JSON.stringify(v)}</pre>
      </>
    )
  }
  const current = () => JSON.parse(screen.getByTestId('json').textContent!) as EnrollFormField[]

  test('adds each of the nine types; choice types start with two options; order and removal', () => {
    render(<Harness />)
    for (const type of ['text', 'textarea', 'number', 'date', 'email', 'radio', 'checkbox', 'select', 'attachment']) fireEvent.click(screen.getByTestId(`act-pub-field-add-${type}`))
    let v = current()
    expect(v.map((f) => f.key)).toEqual(['text1', 'textarea1', 'number1', 'date1', 'email1', 'radio1', 'checkbox1', 'select1', 'attachment1'])
    expect(v.filter((f) => f.options).map((f) => f.options!.length)).toEqual([2, 2, 2])
    expect(v.every((f) => f.labelZh && f.labelEn && !f.required)).toBe(true)
    expect(formProblem(v)).toBeNull()

    fireEvent.change(screen.getByTestId('act-pub-field-5-label-zh'), { target: { value: '参加方式' } })
    fireEvent.change(screen.getByTestId('act-pub-field-5-label-en'), { target: { value: 'Attendance' } })
    fireEvent.change(screen.getByTestId('act-pub-field-5-option-0-label-en'), { target: { value: 'On site' } })
    fireEvent.click(screen.getByTestId('act-pub-field-5-option-add'))
    fireEvent.click(screen.getByTestId('act-pub-field-5-required'))
    fireEvent.click(screen.getByTestId('act-pub-field-5-up'))
    v = current()
    expect(v[4]).toMatchObject({ key: 'radio1', labelZh: '参加方式', labelEn: 'Attendance', required: true })
    expect(v[4].options!.map((o) => o.value)).toEqual(['option1', 'option2', 'option3'])
    expect(v[4].options![0].labelEn).toBe('On site')
    fireEvent.click(screen.getByTestId('act-pub-field-0-remove'))
    expect(current()).toHaveLength(8)
    // the preview shows the form as applicants see it, in the chosen language
    fireEvent.click(screen.getByTestId('act-pub-preview-lang-zh'))
    expect(screen.getByTestId('act-pub-preview').textContent).toContain('参加方式')
    fireEvent.click(screen.getByTestId('act-pub-preview-lang-en'))
    expect(screen.getByTestId('act-pub-preview').textContent).toContain('Attendance')
    expect(screen.getByTestId('act-pub-preview').textContent).toContain('On site')
  })
})

describe('publish and manager views', () => {
  const request = Taro.request as unknown as jest.Mock
  const OPTIONS = { categories: [{ code: 'forum', nameZh: '论坛', nameEn: 'Forum' }], countries: [{ code: 'CN', nameZh: '中国', nameEn: 'China' }], timeZones: ['UTC+08:00'], organizations: [{ id: 3, nameZh: '机构', nameEn: 'Org' }] }
  const props = (open = jest.fn()) => viewProps('/activity/publish', 'p', 'activity/publish/index', 'zh', open)

  beforeEach(() => {
    request.mockReset()
    request.mockImplementation(async (opts: { url: string }) => {
      if (opts.url.includes(A.options)) return ok(OPTIONS)
      if (opts.url.includes(A.detail)) return ok(DETAIL)
      if (opts.url.includes(A.add)) return ok({ id: 42 })
      if (opts.url.includes(A.save)) return ok({ id: 7 })
      if (opts.url.includes(A.list)) return ok({ list: [{ ...DETAIL, timeZone: 'UTC+08:00', country: 'CN', timeStatus: 'upcoming', status: 'published', createdAt: DETAIL.startTime, publishedAt: null }], total: 1, page: 1, pageSize: 20 })
      return ok(null)
    })
  })

  test('a new activity: save draft sends the basic step to add and puts ?id= in the address', async () => {
    window.history.pushState({}, '', '/admin/activity/publish')
    render(
      <RouteButtonsProvider buttons={['add', 'edit', 'publish']}>
        <PublishView {...props()} />
      </RouteButtonsProvider>,
    )
    const title = await screen.findByTestId('act-pub-title-zh', {}, { timeout: 15_000 })
    fireEvent.change(title, { target: { value: '新活动' } })
    await act(async () => {
      fireEvent.click(screen.getByTestId('act-pub-save'))
    })
    await waitFor(() => expect(request.mock.calls.some(([o]) => o.url.includes(A.add))).toBe(true))
    const add = request.mock.calls.find(([o]) => o.url.includes(A.add))![0]
    expect(add.data).toMatchObject({ titleZh: '新活动', organizationId: 3, addresses: [{ country: 'CN', timeZone: 'UTC+08:00' }], startTime: '', enrollForm: [] })
    await waitFor(() => expect(window.location.search).toBe('?id=42'))
  })

  test('editing loads the activity into every step; save sends the id; no buttons without permission', async () => {
    window.history.pushState({}, '', '/admin/activity/publish?id=7')
    const p = props()
    const view = (
      <RouteButtonsProvider buttons={['edit']}>
        <PublishView {...p} />
      </RouteButtonsProvider>
    )
    const { unmount, rerender } = render(view)
    await waitFor(() => expect((screen.getByTestId('act-pub-title-en') as HTMLInputElement).value).toBe('Activity'), { timeout: 15_000 })
    expect((screen.getByTestId('act-pub-field-1-label-en') as HTMLInputElement).value).toBe('Degree')
    expect((screen.getByTestId('act-pub-address-0-city-en') as HTMLInputElement).value).toBe('Beijing')
    expect(screen.queryByTestId('act-pub-publish')).toBeNull()
    await act(async () => {
      fireEvent.click(screen.getByTestId('act-pub-save'))
    })
    await waitFor(() => expect(request.mock.calls.some(([o]) => o.url.includes(A.save))).toBe(true))
    expect(request.mock.calls.find(([o]) => o.url.includes(A.save))![0].data).toMatchObject({ id: 7, titleEn: 'Activity', startTime: '2026-12-01T09:00:00.000+08:00' })
    // the menu opens the same view without ?id: a blank form, not activity 7
    window.history.pushState({}, '', '/admin/activity/publish')
    rerender(
      <RouteButtonsProvider buttons={['edit']}>
        <PublishView {...p} />
      </RouteButtonsProvider>,
    )
    await waitFor(() => expect((screen.getByTestId('act-pub-title-en') as HTMLInputElement).value).toBe(''), { timeout: 15_000 })
    unmount()
  })

  test('manager list: edit and enrolments open their views with the id in the address', async () => {
    window.history.pushState({}, '', '/admin/activity/manager')
    const open = jest.fn((p: string) => window.history.pushState({}, '', p.split('?')[0]))
    render(
      <RouteButtonsProvider buttons={['edit', 'publish']}>
        <ManagerView {...props(open)} />
      </RouteButtonsProvider>,
    )
    fireEvent.click(await screen.findByTestId('act-mgr-enroll-7', {}, { timeout: 15_000 }))
    expect(open).toHaveBeenLastCalledWith('/admin/activity/enroll?activityId=7')
    expect(window.location.pathname + window.location.search).toBe('/admin/activity/enroll?activityId=7')
    fireEvent.click(screen.getByTestId('act-mgr-edit-7'))
    expect(window.location.pathname + window.location.search).toBe('/admin/activity/publish?id=7')
    expect(screen.queryByTestId('act-mgr-delete-7')).toBeNull()
    expect(screen.queryByTestId('act-mgr-hot-7')).toBeNull()
    // typing in the search box filters after a short pause (no Enter needed)
    fireEvent.change(screen.getByTestId('act-mgr-search').querySelector('input')!, { target: { value: 'stamp42' } })
    await waitFor(() => expect(request.mock.calls.some(([o]) => o.url.includes(A.list) && o.data?.keyword === 'stamp42')).toBe(true), { timeout: 5000 })
    expect(findNode([{ id: 1, pid: 0, nameZh: 'a', nameEn: 'a', children: [{ id: 5, pid: 1, nameZh: 'b', nameEn: 'b', children: [] }] }], 5)?.nameZh).toBe('b')
  })
})
