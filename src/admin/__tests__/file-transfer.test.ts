/** @jest-environment jsdom */
/**
 * Exports and uploads go through the request client's transfer helpers: the API base, the Bearer token
 * and the language travel with them, the saved file keeps its UTF-8 name, an error answer shows its
 * warning, and an answer 401 logs out like any request.
 */
import Taro from '@tarojs/taro'
import { exportEnrollments } from '../api/enrollment'
import { exportSubscribers } from '../api/message'
import { UploadError, uploadImage } from '../api/file'
import { getToken, setToken } from '../../shared/storage'
import { configureRequest } from '../api/client'
import { initI18n } from '../../shared/i18n'

type Answer = { status: number; headers?: Record<string, string>; body: string }

const fetchMock = jest.fn()
let clicked: HTMLAnchorElement[] = []

function respond({ status, headers = {}, body }: Answer) {
  fetchMock.mockResolvedValueOnce({
    ok: status >= 200 && status < 300,
    status,
    headers: { get: (k: string) => headers[k.toLowerCase()] ?? null },
    blob: async () => new Blob([body]),
    json: async () => JSON.parse(body),
  })
}

/** XMLHttpRequest as the upload uses it: the test answers the last one sent */
class FakeXhr {
  static last: FakeXhr
  url = ''
  headers: Record<string, string> = {}
  body: FormData | null = null
  status = 0
  responseText = ''
  timeout = 0
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null }
  onload: (() => void) | null = null
  onerror: (() => void) | null = null
  ontimeout: (() => void) | null = null
  open(_method: string, url: string) {
    this.url = url
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v
  }
  send(body: FormData) {
    this.body = body
    FakeXhr.last = this
  }
  answer(status: number, body: unknown) {
    this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 })
    this.status = status
    this.responseText = JSON.stringify(body)
    this.onload?.()
  }
}

/** the 401 flow ignores a repeat within a second: each test starts a minute later */
let clock = Date.parse('2026-12-01T00:00:00Z')

beforeAll(() => initI18n())

beforeEach(() => {
  clock += 60_000
  jest.spyOn(Date, 'now').mockReturnValue(clock)
  fetchMock.mockReset()
  ;(globalThis as any).fetch = fetchMock
  ;(globalThis as any).XMLHttpRequest = FakeXhr
  URL.createObjectURL = jest.fn(() => 'blob:x')
  URL.revokeObjectURL = jest.fn()
  clicked = []
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this)
  })
  ;(Taro.showToast as jest.Mock).mockReset()
  ;(Taro.navigateTo as jest.Mock).mockReset()
  setToken('tok-1')
})

afterEach(() => jest.restoreAllMocks())

test('the enrolment export sends the filters with the token and saves the file under its UTF-8 name', async () => {
  const name = encodeURIComponent('测试活动-报名名单.xlsx')
  respond({
    status: 200,
    headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'content-disposition': `attachment; filename="enrollments-5.xlsx"; filename*=UTF-8''${name}` },
    body: 'xlsx',
  })
  await expect(exportEnrollments({ activityId: 5, status: 'pending', keyword: undefined }, 'en')).resolves.toBe('测试活动-报名名单.xlsx')
  const [url, init] = fetchMock.mock.calls[0]
  expect(url).toMatch(/\/api\/v1\/activity\/enroll\/admin\/export\?activityId=5&status=pending$/)
  expect(init.headers).toMatchObject({ Authorization: 'Bearer tok-1', lang: 'en' })
  expect(init.headers['Accept-Language']).toBeTruthy()
  expect(clicked.map((a) => a.download)).toEqual(['测试活动-报名名单.xlsx'])
})

test('the subscriber export falls back to the plain file name', async () => {
  respond({ status: 200, headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="subscribers-2026-12-01.csv"' }, body: 'a,b' })
  await exportSubscribers({ status: 'confirmed', keyword: undefined })
  expect(fetchMock.mock.calls[0][0]).toMatch(/\/system\/subscribe\/export\/subscribe_info\?status=confirmed$/)
  expect(clicked.map((a) => a.download)).toEqual(['subscribers-2026-12-01.csv'])
})

test('an error envelope instead of the file shows its warning and saves nothing', async () => {
  respond({ status: 200, headers: { 'content-type': 'application/json; charset=utf-8' }, body: JSON.stringify({ code: 302, result: null, message: 'No such activity' }) })
  // the admin's own hooks (core/setup.ts) show warnings with antd; here the request client's hook is watched
  const warn = jest.fn()
  configureRequest({ showWarning: warn })
  await expect(exportEnrollments({ activityId: 9 }, 'zh')).rejects.toThrow('No such activity')
  expect(warn).toHaveBeenCalledTimes(1)
  expect(warn.mock.calls[0][0]).toEqual(expect.stringMatching(/\S/))
  expect(clicked).toEqual([])
})

test('a download answered 401 logs out and goes to login like any request', async () => {
  jest.useFakeTimers({ doNotFake: ['Date'] })
  try {
    respond({ status: 401, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: 401, result: null, message: 'unlogin' }) })
    await expect(exportSubscribers({})).rejects.toMatchObject({ status: 401 })
    expect(getToken()).toBeFalsy()
    jest.runOnlyPendingTimers()
    expect((Taro.navigateTo as jest.Mock).mock.calls[0][0].url).toMatch(/^\/login\?redirect=/)
  } finally {
    jest.useRealTimers()
  }
})

test('an image upload reports progress, sends the token and resolves with the stored URL', async () => {
  const progress: number[] = []
  const pending = uploadImage(new File(['png'], 'a.png', { type: 'image/png' }), 'logo', (p) => progress.push(p))
  const xhr = FakeXhr.last
  expect(xhr.url).toMatch(/\/api\/v1\/file\/info\/single\/upload\?kind=logo$/)
  expect(xhr.headers.Authorization).toBe('Bearer tok-1')
  expect((xhr.body!.get('file') as File).name).toBe('a.png')
  xhr.answer(200, { code: 200, result: '/uploads/2026-12/a.png', message: '' })
  await expect(pending).resolves.toBe('/uploads/2026-12/a.png')
  expect(progress).toEqual([50])
})

test('a refused image rejects with the server code; an upload answered 401 logs out', async () => {
  const refused = uploadImage(new File(['png'], 'big.png', { type: 'image/png' }), 'image')
  FakeXhr.last.answer(200, { code: 301, result: { field: 'file' }, message: 'too large' })
  await expect(refused).rejects.toEqual(new UploadError(301, 'too large'))
  expect(Taro.showToast).not.toHaveBeenCalled()

  const unauthorized = uploadImage(new File(['png'], 'a.png', { type: 'image/png' }), 'image')
  FakeXhr.last.answer(401, { code: 401, result: null, message: 'unlogin' })
  await expect(unauthorized).rejects.toMatchObject({ code: 401 })
  expect(getToken()).toBeFalsy()
})
