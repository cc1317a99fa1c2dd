/**
 * Enrolment on the client: the form renderer's nine field types, the client-side checks,
 * and the detail page's enrolment section — login first where needed, notes before the form, submit
 * with the promoter code of a share link, a 301 shown at its field, "registered — click to view" with
 * the answers and the calendar file, a visitor's enrolment remembered by its guest token, uploads.
 */
import { useState } from 'react'
import { render, screen, fireEvent, act, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import EnrollFormFields from '../../src/components/enrollment/enroll-form-fields'
import EnrollSection from '../../src/components/enrollment/enroll-section'
import { checkAnswers, cleanAnswers } from '@contracts/enrollment-answers'
import { initI18n, setLang } from '../../src/shared/i18n'
import { resetRequestState } from '../../src/shared/api/request'
import { guestTokenFor, icsUrl } from '../../src/shared/api/enrollment'
import { useAuth } from '../../src/shared/stores/auth-store'
import type { ActivityDetail } from '@contracts/activity'
import type { EnrollAnswers, EnrollForm, EnrollFormField } from '@contracts/enrollment'
import { typeInto, fieldValue } from './support/fields'
import { toastTitles, lastToast } from './support/toasts'
import { answerFilePicker } from './support/file-picker'

// The H5 Picker of components-react does not render under jsdom: a stand-in that renders its trigger
// and a test button answering like the real one (date: 'YYYY-MM-DD'; H5's dropdown is our list sheet).
jest.mock('@tarojs/components', () => {
  const actual = jest.requireActual('@tarojs/components')
  const Picker = ({ children, mode, onChange }: any) => (
    <div data-picker-mode={mode}>
      {children}
      <button data-testid={`pick-${mode}`} onClick={() => onChange({ detail: { value: mode === 'date' ? '2027-05-04' : 1 } })} />
    </div>
  )
  return { ...actual, Picker }
})

const T = Taro as any
const env = (code: number, result: unknown, message = '') => ({ statusCode: 200, header: {}, data: { code, result, message } })
const calls = (path: string) => T.request.mock.calls.map((c: any[]) => c[0]).filter((o: any) => o.url === `/api/v1${path}`)

const FIELDS: EnrollFormField[] = [
  { key: 'name', type: 'text', labelZh: '姓名', labelEn: 'Full name', required: true, maxLength: 50 },
  { key: 'email', type: 'email', labelZh: '电子邮箱', labelEn: 'E-mail', required: true },
  { key: 'intro', type: 'textarea', labelZh: '个人简介', labelEn: 'About you', required: false, maxLength: 500 },
  { key: 'years', type: 'number', labelZh: '海外年限', labelEn: 'Years abroad', required: true, min: 0, max: 60 },
  { key: 'back', type: 'date', labelZh: '回国日期', labelEn: 'Return date', required: false },
  { key: 'attend', type: 'radio', labelZh: '参加方式', labelEn: 'Attend', required: true, options: [{ value: 'onsite', labelZh: '现场', labelEn: 'On site' }, { value: 'online', labelZh: '线上', labelEn: 'Online' }] },
  { key: 'topics', type: 'checkbox', labelZh: '议题', labelEn: 'Topics', required: true, options: [{ value: 'policy', labelZh: '政策', labelEn: 'Policy' }, { value: 'jobs', labelZh: '岗位', labelEn: 'Jobs' }] },
  { key: 'degree', type: 'select', labelZh: '学历', labelEn: 'Degree', required: true, options: [{ value: 'master', labelZh: '硕士', labelEn: "Master's" }, { value: 'phd', labelZh: '博士', labelEn: 'PhD' }] },
  { key: 'cv', type: 'attachment', labelZh: '简历', labelEn: 'CV', required: false },
]

const form = (over: Partial<EnrollForm> = {}): EnrollForm => ({
  activityId: 3, titleZh: '悉尼人才论坛', titleEn: 'Sydney Talent Forum', fields: FIELDS.slice(0, 2), enrollNotesZh: '请携带证件', enrollNotesEn: 'Bring your ID',
  isNeedLoginEnroll: true, signUpOnce: true, enrollNeedProcess: false, peopleCount: 100, enrolledCount: 40, enrollState: 'register_now', myEnrollment: null, ...over,
})
const detail = (over: Partial<ActivityDetail> = {}): ActivityDetail =>
  ({
    id: 3, titleZh: '悉尼人才论坛', titleEn: 'Sydney Talent Forum', isNeedLoginEnroll: true, enrollState: 'register_now', myEnrollment: null,
    enrollNotesZh: '请携带证件', enrollNotesEn: 'Bring your ID', peopleCount: 100, enrolledCount: 40, ...over,
  }) as ActivityDetail

function Harness({ fields, initial = {}, canUpload = true }: { fields: EnrollFormField[]; initial?: EnrollAnswers; canUpload?: boolean }) {
  const [values, setValues] = useState<EnrollAnswers>(initial)
  return (
    <>
      <EnrollFormFields fields={fields} values={values} errors={checkAnswers(fields, values)} onChange={(k, v) => setValues((s) => ({ ...s, [k]: v }))} canUpload={canUpload} />
      <pre data-testid='values'>{JSON.stringify(values)}</pre>
    </>
  )
}
const values = () => JSON.parse(screen.getByTestId('values').textContent || '{}')

function login() {
  act(() => useAuth.getState().login({ token: 'tok', userInfo: { id: 9, nickName: 'Demo', email: 'user@haijiao.demo', phone: null } as any }))
}

beforeAll(() => initI18n())
beforeEach(() => {
  T.__reset()
  T.setClipboardData = jest.fn().mockResolvedValue({})
  T.uploadFile = jest.fn()
  resetRequestState()
  window.sessionStorage.clear()
  setLang('en')
  act(() => useAuth.getState().logout())
  window.history.replaceState(null, '', '/activityDetail?id=3')
})

describe('form renderer', () => {
  test('renders the nine field types with bilingual labels and required marks', () => {
    render(<Harness fields={FIELDS} />)
    for (const f of FIELDS) expect(screen.getByTestId(`enroll-field-${f.key}`).getAttribute('data-type')).toBe(f.type)
    // text, e-mail, number, long text: the label is the field's title (AtInput's, ours over AtTextarea), the
    // required star taro-ui's ::before on it; the other types keep their label line with a '*'
    const title = (key: string) => screen.getByTestId(`enroll-field-${key}`).querySelector('.at-input__title, .hj-field__title') as HTMLElement
    expect(title('name').textContent).toBe('Full name')
    expect(title('name').className).toContain('at-input__title--required')
    expect(title('intro').textContent).toBe('About you')
    expect(title('intro').className).not.toContain('is-required')
    expect(screen.getByTestId('enroll-field-intro').textContent).not.toContain('*')
    expect(screen.getByTestId('enroll-field-attend').textContent).toContain('*Attend')
    expect(screen.getByTestId('enroll-field-back').textContent).not.toContain('*')
    expect(screen.getByTestId('enroll-picker-degree').textContent).toContain('Please choose')
    expect(screen.getByTestId('enroll-upload-cv').textContent).toContain('Upload image')
    act(() => setLang('zh'))
    expect(screen.getByTestId('enroll-field-name').textContent).toContain('姓名')
    expect(screen.getByTestId('enroll-option-attend-onsite').textContent).toContain('现场')
  })

  test('typing, single and multi select change the answers; errors appear under their fields', () => {
    render(<Harness fields={FIELDS} initial={{ degree: 'phd', back: '2027-03-01' }} />)
    expect(screen.getByTestId('enroll-error-name').textContent).toBe('This field is required')
    typeInto('enroll-input-name', 'Li Si')
    typeInto('enroll-input-email', 'li@')
    expect(screen.getByTestId('enroll-error-email').textContent).toBe('Incorrect email format')
    typeInto('enroll-input-years', '61')
    expect(screen.getByTestId('enroll-error-years').textContent).toBe('The largest allowed value is 60')
    fireEvent.click(screen.getByTestId('enroll-option-attend-onsite'))
    fireEvent.click(screen.getByTestId('enroll-option-attend-online'))
    fireEvent.click(screen.getByTestId('enroll-option-topics-jobs'))
    fireEvent.click(screen.getByTestId('enroll-option-topics-policy'))
    expect(screen.getByTestId('enroll-option-attend-online').getAttribute('aria-checked')).toBe('true')
    expect(screen.getByTestId('enroll-option-attend-onsite').getAttribute('aria-checked')).toBe('false')
    expect(values()).toMatchObject({ name: 'Li Si', attend: 'online', topics: ['policy', 'jobs'], years: '61' })
    expect(screen.queryByTestId('enroll-error-name')).toBeNull()
    expect(screen.getByTestId('enroll-picker-degree').textContent).toContain('PhD')
    expect(screen.getByTestId('enroll-picker-back').textContent).toContain('2027-03-01')
    // the date picker answers a date string; H5's dropdown is a list sheet: a tap answers and closes it
    fireEvent.click(screen.getByTestId('pick-date'))
    fireEvent.click(screen.getByTestId('enroll-picker-degree'))
    expect(screen.getByTestId('enroll-sheet-option-degree-phd').getAttribute('aria-selected')).toBe('true')
    fireEvent.click(screen.getByTestId('enroll-sheet-option-degree-master'))
    expect(screen.queryByTestId('enroll-sheet-degree')).toBeNull()
    expect(values()).toMatchObject({ back: '2027-05-04', degree: 'master' })
    expect(screen.getByTestId('enroll-picker-degree').textContent).toContain("Master's")
    // Cancel leaves the answer as it was
    fireEvent.click(screen.getByTestId('enroll-picker-degree'))
    fireEvent.click(screen.getByTestId('enroll-sheet-cancel-degree'))
    expect(screen.queryByTestId('enroll-sheet-degree')).toBeNull()
    expect(values()).toMatchObject({ degree: 'master' })
    expect(screen.getByTestId('enroll-picker-back').textContent).toContain('2027-05-04')
  })

  test('an attachment is chosen, uploaded with the token and shown; visitors are asked to log in instead', async () => {
    login()
    const picker = answerFilePicker({ name: 'cv.png', size: 2000 }, { name: 'huge.png', size: 5 * 1024 * 1024 }, 'cancel', { name: 'odd.png', size: 100 }, { name: 'later.png', size: 100 })
    T.uploadFile.mockResolvedValue({ statusCode: 200, data: JSON.stringify({ code: 200, result: '/uploads/2026-11/abc.png', message: '' }) })
    const r = render(<Harness fields={[FIELDS[8]]} />)
    fireEvent.click(screen.getByTestId('enroll-upload-cv'))
    await waitFor(() => expect(screen.getByTestId('enroll-file-cv').getAttribute('data-url')).toBe('/uploads/2026-11/abc.png'))
    expect(T.uploadFile).toHaveBeenCalledWith(expect.objectContaining({ url: '/api/v1/file/info/single/upload?kind=image', filePath: 'blob:test/1', fileName: 'cv.png', name: 'file', header: { Authorization: 'Bearer tok', 'Accept-Language': 'en' } }))
    expect(screen.getByTestId('enroll-file-cv').textContent).toContain('cv.png')
    expect(values()).toEqual({ cv: '/uploads/2026-11/abc.png' })
    r.unmount()
    const r2 = render(<Harness fields={[FIELDS[8]]} />)
    fireEvent.click(screen.getByTestId('enroll-upload-cv'))
    await waitFor(() => expect(screen.getByTestId('enroll-field-cv').textContent).toContain('The file is larger than 4 MB'))
    expect(T.uploadFile).toHaveBeenCalledTimes(1)
    // a cancelled picker uploads nothing, and the field can be used again
    fireEvent.click(screen.getByTestId('enroll-upload-cv'))
    await waitFor(() => expect(screen.getByTestId('enroll-field-cv').textContent).not.toContain('larger than 4 MB'))
    expect(picker.opened).toHaveLength(3)
    expect(T.uploadFile).toHaveBeenCalledTimes(1)
    expect(values()).toEqual({})
    // a file the server refuses as not a picture: said in the person's language at the field, nothing kept
    await waitFor(() => expect(screen.getByTestId('enroll-upload-cv').textContent).toBe('＋ Upload image'))
    T.uploadFile.mockResolvedValue({ statusCode: 200, data: JSON.stringify({ code: 301, result: { field: 'file', reason: 'type' }, message: 'Parameter error: file' }) })
    fireEvent.click(screen.getByTestId('enroll-upload-cv'))
    await waitFor(() => expect(screen.getByTestId('enroll-field-cv').textContent).toContain('Only JPG, PNG, GIF or WebP pictures can be uploaded'))
    // drawn as an error (brand red), not in the muted hint's place and colour
    expect(screen.getByText('Only JPG, PNG, GIF or WebP pictures can be uploaded').className).toContain('hj-ef__err')
    expect(T.uploadFile).toHaveBeenCalledTimes(2)
    // any other refusal: the server's own message
    await waitFor(() => expect(screen.getByTestId('enroll-upload-cv').textContent).toBe('＋ Upload image'))
    T.uploadFile.mockResolvedValue({ statusCode: 200, data: JSON.stringify({ code: 500, result: null, message: 'Server busy' }) })
    fireEvent.click(screen.getByTestId('enroll-upload-cv'))
    await waitFor(() => expect(screen.getByTestId('enroll-field-cv').textContent).toContain('Server busy'))
    expect(T.uploadFile).toHaveBeenCalledTimes(3)
    expect(values()).toEqual({})
    picker.restore()
    r2.unmount()
    render(<Harness fields={[FIELDS[8]]} canUpload={false} />)
    expect(screen.getByTestId('enroll-upload-cv').textContent).toBe('Log in to upload files')
  })
})

describe('client-side checks', () => {
  test('each type has its reason; clean answers trim text and turn numbers into numbers', () => {
    const errors = checkAnswers(FIELDS, { name: ' ', email: 'x@y', years: 'abc', back: '2027-02-30', attend: 'teleport', topics: ['golf'], degree: 'kindergarten', cv: 'https://evil/x.png' })
    expect(Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v.reason]))).toEqual({
      name: 'required', email: 'email', years: 'number', back: 'date', attend: 'option', topics: 'option', degree: 'option', cv: 'upload',
    })
    expect(checkAnswers(FIELDS, { name: 'A', email: 'a@b.co', years: '3', attend: 'online', topics: ['jobs'], degree: 'phd' })).toEqual({})
    expect(cleanAnswers(FIELDS, { name: ' A ', email: 'a@b.co', years: '3', intro: '', topics: ['jobs'] })).toEqual({ name: 'A', email: 'a@b.co', years: 3, topics: ['jobs'] })
  })
})

describe('enrolment section', () => {
  test('logged out on an activity that needs a login: the button goes to login and back, with the share code kept', () => {
    window.history.replaceState(null, '', '/activityDetail?id=3&promoter=DEMO2026')
    T.useRouter.mockReturnValue({ path: '/pages/activity-detail/index', params: { id: '3', promoter: 'DEMO2026' } })
    render(<EnrollSection detail={detail()} onChanged={jest.fn()} />)
    fireEvent.click(screen.getByTestId('enroll-button'))
    expect(T.navigateTo).toHaveBeenCalledWith({ url: `/pages/login/index?redirect=${encodeURIComponent('/activityDetail?id=3&promoter=DEMO2026')}` })
    expect(window.sessionStorage.getItem('enrollPromoter:3')).toBe('DEMO2026')
    expect(screen.queryByTestId('enroll-panel')).toBeNull()
  })

  test('logged in: notes before the form; the answers go to the server with the promoter code; success reloads the state', async () => {
    login()
    T.useRouter.mockReturnValue({ path: '/pages/activity-detail/index', params: { id: '3', promoter: 'DEMO2026' } })
    T.request.mockImplementation(async ({ url }: { url: string }) => {
      if (url.includes('/activity/enroll/form')) return env(200, form())
      if (url.includes('/activity/enroll/submit')) return env(200, { enrollmentId: 11, status: 'approved' })
      return env(200, null)
    })
    const onChanged = jest.fn()
    render(<EnrollSection detail={detail()} onChanged={onChanged} />)
    fireEvent.click(screen.getByTestId('enroll-button'))
    await waitFor(() => expect(screen.getByTestId('enroll-notes').textContent).toContain('Bring your ID'))
    expect(screen.getByTestId('enroll-panel').getAttribute('data-mode')).toBe('form')
    // the e-mail is prefilled from the logged-in user
    // (an effect after the form renders: wait for it rather than race it on a loaded machine)
    await waitFor(() => expect(fieldValue('enroll-input-email')).toBe('user@haijiao.demo'))
    fireEvent.click(screen.getByTestId('enroll-submit'))
    expect(screen.getByTestId('enroll-error-name').textContent).toBe('This field is required')
    expect(calls('/activity/enroll/submit')).toHaveLength(0)
    typeInto('enroll-input-name', ' Li Si ')
    fireEvent.click(screen.getByTestId('enroll-submit'))
    await waitFor(() => expect(onChanged).toHaveBeenCalled())
    expect(calls('/activity/enroll/submit')[0].data).toEqual({ activityId: 3, answers: { name: 'Li Si', email: 'user@haijiao.demo' }, promoterCode: 'DEMO2026' })
    expect(toastTitles()).toContain('Enrolled successfully')
    expect(screen.queryByTestId('enroll-panel')).toBeNull()
  })

  test('a 301 from the server is shown at its field; 519 closes the form and reloads the state', async () => {
    login()
    let answer = env(301, { field: 'email', reason: 'email' }, 'Parameter error: email')
    T.request.mockImplementation(async ({ url }: { url: string }) => (url.includes('/activity/enroll/form') ? env(200, form()) : answer))
    const onChanged = jest.fn()
    render(<EnrollSection detail={detail()} onChanged={onChanged} />)
    fireEvent.click(screen.getByTestId('enroll-button'))
    await waitFor(() => screen.getByTestId('enroll-input-name'))
    typeInto('enroll-input-name', 'Li')
    fireEvent.click(screen.getByTestId('enroll-submit'))
    await waitFor(() => expect(screen.getByTestId('enroll-error-email').textContent).toBe('Incorrect email format'))
    answer = env(519, null, 'No vacancy')
    fireEvent.click(screen.getByTestId('enroll-submit'))
    await waitFor(() => expect(onChanged).toHaveBeenCalled())
    expect(lastToast()?.title).toBe('No places left')
    expect(screen.queryByTestId('enroll-panel')).toBeNull()
  })

  test('registered: "click to view" shows the status, the answers and the calendar file; waiting shows under the button', async () => {
    login()
    const mine = { enrollmentId: 11, status: 'approved' as const, createdAt: '2026-11-20T08:00:00.000Z', answers: { name: 'Li Si', email: 'li@example.com' } }
    T.request.mockImplementation(async () => env(200, form({ enrollState: 'registered', myEnrollment: mine })))
    const r = render(<EnrollSection detail={detail({ enrollState: 'registered', myEnrollment: { id: 11, status: 'approved', createdAt: mine.createdAt } })} onChanged={jest.fn()} />)
    expect(screen.getByTestId('enroll-status').textContent).toBe('Enrolment confirmed')
    fireEvent.click(screen.getByTestId('enroll-button'))
    await waitFor(() => expect(screen.getByTestId('enroll-view')).toBeTruthy())
    expect(screen.getByTestId('enroll-answer-name').textContent).toBe('Full nameLi Si')
    const ics = screen.getAllByTestId('enroll-ics')
    expect(ics[ics.length - 1].getAttribute('data-href')).toBe(icsUrl(3))
    expect(icsUrl(3)).toBe('/api/v1/activity/enroll/ics?activityId=3&lang=en')
    fireEvent.click(screen.getByTestId('enroll-close'))
    expect(screen.queryByTestId('enroll-panel')).toBeNull()
    r.unmount()
    act(() => setLang('zh'))
    render(<EnrollSection detail={detail({ enrollState: 'registered', myEnrollment: { id: 12, status: 'pending', createdAt: mine.createdAt } })} onChanged={jest.fn()} />)
    expect(screen.getByTestId('enroll-status').textContent).toBe('等待审核')
    expect(screen.queryByTestId('enroll-ics')).toBeNull()
  })

  test('a full activity: the disabled "enrolment closed" button says why and opens nothing', () => {
    render(<EnrollSection detail={detail({ enrollState: 'closed', peopleCount: 50, enrolledCount: 50 })} onChanged={jest.fn()} />)
    expect(screen.getByTestId('enroll-button').textContent).toBe('Enrolment closed')
    expect(screen.getByTestId('enroll-full').textContent).toBe('No places left')
    fireEvent.click(screen.getByTestId('enroll-button'))
    expect(screen.queryByTestId('enroll-panel')).toBeNull()
    expect(calls('/activity/enroll/form')).toHaveLength(0)
  })

  test('a visitor enrols where no login is needed; the guest token brings back "registered"', async () => {
    let enrolled = false
    T.request.mockImplementation(async ({ url, data }: { url: string; data: any }) => {
      if (url.includes('/activity/enroll/form')) {
        return env(200, enrolled && data.guestToken === 'g1'
          ? form({ isNeedLoginEnroll: false, enrollState: 'registered', myEnrollment: { enrollmentId: 5, status: 'approved', createdAt: '2026-11-20T08:00:00.000Z', answers: { name: 'G', email: 'g@example.com' } } })
          : form({ isNeedLoginEnroll: false }))
      }
      if (url.includes('/activity/enroll/submit')) {
        enrolled = true
        return env(200, { enrollmentId: 5, status: 'approved', guestToken: 'g1' })
      }
      return env(200, null)
    })
    const d = detail({ isNeedLoginEnroll: false })
    const { rerender } = render(<EnrollSection detail={d} onChanged={jest.fn()} />)
    fireEvent.click(screen.getByTestId('enroll-button'))
    await waitFor(() => screen.getByTestId('enroll-input-name'))
    expect(T.navigateTo).not.toHaveBeenCalled()
    expect(screen.getByTestId('enroll-form').textContent).toContain('You are not logged in')
    typeInto('enroll-input-name', 'G')
    typeInto('enroll-input-email', 'g@example.com')
    fireEvent.click(screen.getByTestId('enroll-submit'))
    await waitFor(() => expect(guestTokenFor(3)).toBe('g1'))
    rerender(<EnrollSection detail={{ ...d }} onChanged={jest.fn()} />)
    await waitFor(() => expect(screen.getByTestId('enroll-button').getAttribute('data-state')).toBe('registered'))
    expect(screen.getByTestId('enroll-status').getAttribute('data-status')).toBe('approved')
  })
})
