/**
 * Shared pieces of the admin view tests (jsdom + antd): the browser APIs jsdom lacks, the mocked
 * Taro.request answer envelope, and the props a registered view receives.
 */
import Taro from '@tarojs/taro'
import type { ViewProps } from '../../views/view-props'

/** jsdom lacks these; antd's form batches its watchers through a MessageChannel macro task */
export function installAntdJsdomShims(): void {
  ;(globalThis as any).MessageChannel ??= class {
    port1: { onmessage: ((e: unknown) => void) | null } = { onmessage: null }
    port2 = { postMessage: (d: unknown) => setTimeout(() => this.port1.onmessage?.({ data: d }), 0) }
  }
  ;(globalThis as any).ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  window.matchMedia = window.matchMedia || ((() => ({ matches: false, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {} })) as never)
}

/** A successful Taro.request answer carrying `result` in the API envelope. */
export const ok = (result: unknown) => ({ statusCode: 200, header: {}, data: { code: 200, message: '', result } })

/** The props of a view mounted on the route `path` (its menu component `component`). */
export const viewProps = (path: string, name: string, component: string, lang: 'zh' | 'en', open: ViewProps['open'] = jest.fn()): ViewProps =>
  ({ route: { id: 1, path, name, title: name, component, redirect: null, icon: null, buttons: [] }, routes: [], lang, open }) as unknown as ViewProps

/** A request as the views sent it: the path below /api/v1, the method and the data. */
export interface SentRequest {
  url: string
  method: string
  data?: any
}

/**
 * Script Taro.request for a test: `answer` gives the `result` of a successful envelope for each request
 * (undefined → null). Returns the list the requests are recorded in, in order.
 */
export function answerRequests(answer: (req: SentRequest) => unknown): SentRequest[] {
  const sent: SentRequest[] = []
  const request = Taro.request as unknown as jest.Mock
  request.mockReset()
  request.mockImplementation(async (opts: { url: string; method: string; data?: unknown }) => {
    const req: SentRequest = { url: String(opts.url).replace(/^.*\/api\/v1/, ''), method: opts.method, data: opts.data }
    sent.push(req)
    return ok(answer(req) ?? null)
  })
  return sent
}
