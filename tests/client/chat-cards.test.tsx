/**
 * Chat cards: opening from the floating menu connects as a tourist and announces itself;
 * noBody opens the leave-message card (spec section 5 messages, success view, "leave another message"
 * clears the form); kefu_up opens the 360 px chat window; empty text sends nothing; file limits; closing
 * resets the state and closes the socket; mobile widths get the separate mobile components.
 */
import { render, screen, fireEvent, act, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import { initI18n, setLang } from '../../src/shared/i18n'
import { resetRequestState } from '../../src/shared/api/request'
import SideMenu from '../../src/components/layout/side-menu'
import OverlayHost from '../../src/components/overlays/overlay-host'
import { closeChat, useChat } from '../../src/components/chat'
import { sendFiles } from '../../src/components/chat/chat-store'
import { STORAGE_KEYS } from '../../src/shared/storage'
import { fakeSocketTask } from './support/fake-socket'
import { typeInto, fieldValue, fieldBox } from './support/fields'
import { CHAT_TEXT_MAX } from '@contracts/chat'
import { lastToast } from './support/toasts'

const T = Taro as any
const TOURIST = 't0123456789abcdef.signature-signature-signat'

const fakeTask = () => fakeSocketTask<any>({ parse: true, wrap: (fn) => act(fn) })

let tasks: ReturnType<typeof fakeTask>[]
let requests: Array<{ url: string; data: any }>

function routeRequests() {
  T.request.mockImplementation(async (o: any) => {
    requests.push({ url: o.url, data: o.data })
    if (o.url.includes('/signal/sign/get/newId')) return { statusCode: 200, data: { code: 200, result: TOURIST, message: '' } }
    if (o.url.includes('/messageFeedback/add')) return { statusCode: 200, data: { code: 200, result: { id: 7 }, message: '' } }
    if (o.url.includes('/message/message/list/message')) return { statusCode: 200, data: { code: 200, result: { list: [], total: 0, page: 1, pageSize: 20 }, message: '' } }
    return { statusCode: 200, data: { code: 200, result: null, message: '' } }
  })
}

async function openFromMenu() {
  render(
    <>
      <SideMenu />
      <OverlayHost />
    </>,
  )
  fireEvent.click(screen.getByTestId('side-service'))
  await waitFor(() => expect(tasks).toHaveLength(1))
  const task = tasks[0]
  task.fire('open')
  task.server({ type: 'connected', identity: { sendId: 't0123456789abcdef', sendType: 'tourist', customerId: 't0123456789abcdef', name: 't0123456789abcdef' } })
  return task
}

beforeAll(() => {
  initI18n()
  // jsdom has no layout: ScrollView's scrollIntoView is a no-op here
  Element.prototype.scrollIntoView = jest.fn()
})
beforeEach(() => {
  T.__reset()
  resetRequestState()
  window.sessionStorage.clear()
  ;(window as any).innerWidth = 1280
  setLang('en')
  tasks = []
  requests = []
  T.connectSocket.mockImplementation(() => {
    const task = fakeTask()
    tasks.push(task)
    return Promise.resolve(task)
  })
  T.uploadFile = jest.fn()
  routeRequests()
})
afterEach(() => act(() => closeChat()))

test('a tourist opening "contact service" authenticates with its tourist id in the first frame (not the URL) and announces itself with isConnected 1', async () => {
  const task = await openFromMenu()
  // the URL carries the page's language (canned replies follow it), never the tourist id
  expect(T.connectSocket.mock.calls[0][0].url).toMatch(/^ws:\/\/localhost\/chat\?lang=(en|zh)$/)
  expect(task.sent.shift()).toEqual({ auth: { touristId: TOURIST } })
  // the id is kept for the session
  expect(JSON.parse(window.sessionStorage.getItem(STORAGE_KEYS.touristId) as string)).toBe(TOURIST)
  expect(task.sent[0]).toEqual({ kefu_chat: { sendId: 't0123456789abcdef', sendType: 'tourist', isConnected: 1, customerId: 't0123456789abcdef' } })
})

test('noBody opens the leave-message card: spec messages, success view, "leave another message" clears the form', async () => {
  const task = await openFromMenu()
  task.server({ kefu_response: { status: 'noBody' } })
  expect(screen.getByTestId('leave-message-card')).toBeTruthy()
  expect(screen.getByText('No adviser is online right now. Leave a message and we will get back to you soon.')).toBeTruthy()

  fireEvent.click(screen.getByTestId('leave-submit'))
  expect(screen.getByTestId('leave-error-desc').textContent).toBe('Please fill in the problem description')
  expect(screen.getByTestId('leave-error-name').textContent).toBe('Please fill in your name')
  expect(screen.getByTestId('leave-error-tel').textContent).toBe('Please fill in your phone number')
  expect(screen.getByTestId('leave-error-email').textContent).toBe('Please fill in your e-mail')
  expect(requests.some((r) => r.url.includes('messageFeedback'))).toBe(false)

  typeInto('leave-desc', 'How do I apply for the start-up grant?')
  typeInto('leave-name', 'Li Lei')
  typeInto('leave-tel', '+86 138')
  typeInto('leave-email', 'li@lei')
  fireEvent.click(screen.getByTestId('leave-submit'))
  expect(screen.queryByTestId('leave-error-desc')).toBeNull()
  expect(screen.getByTestId('leave-error-tel').textContent).toBe('Digits only')
  expect(screen.getByTestId('leave-error-email').textContent).toBe('Incorrect email format')
  typeInto('leave-email', 'a-very-long-address@haijiao.demo')
  fireEvent.click(screen.getByTestId('leave-submit'))
  expect(screen.getByTestId('leave-error-email').textContent).toBe('At most 20 characters')
  // digits, but too few to be anyone's number: the tel says so on the field, next to the e-mail's
  typeInto('leave-tel', '123')
  fireEvent.click(screen.getByTestId('leave-submit'))
  expect(screen.getByTestId('leave-error-tel').textContent).toBe('At least 6 digits')
  expect(screen.getByTestId('leave-error-email').textContent).toBe('At most 20 characters')
  expect(requests.some((r) => r.url.includes('messageFeedback'))).toBe(false)

  typeInto('leave-tel', '13800138000')
  typeInto('leave-email', 'li@lei.cn')
  fireEvent.click(screen.getByTestId('leave-submit'))
  await waitFor(() => expect(screen.getByTestId('leave-message-done')).toBeTruthy())
  const sent = requests.find((r) => r.url.endsWith('/api/v1/message/messageFeedback/add/db_message_feedback'))
  expect(sent?.data).toEqual({ desc: 'How do I apply for the start-up grant?', name: 'Li Lei', tel: '13800138000', email: 'li@lei.cn' })

  fireEvent.click(screen.getByTestId('leave-message-again'))
  expect(fieldValue('leave-desc')).toBe('')
  expect(fieldValue('leave-name')).toBe('')

  // closing resets the state and closes the socket; opening again starts from the beginning
  fireEvent.click(screen.getByTestId('chat-close'))
  expect(screen.queryByTestId('leave-message-card')).toBeNull()
  expect(task.closed).toBe(true)
  expect(useChat.getState()).toMatchObject({ panel: 'closed', reason: null, messages: [], pending: [] })
  fireEvent.click(screen.getByTestId('side-service'))
  await waitFor(() => expect(tasks).toHaveLength(2))
  expect(screen.getByTestId('chat-connecting')).toBeTruthy()
  expect(screen.queryByTestId('leave-message-card')).toBeNull()
})

test('kefu_up opens the 360 px chat window with the agent; empty text sends nothing; messages show live', async () => {
  const task = await openFromMenu()
  task.server({ kefu_response: { status: 'kefu_up', keFuId: 5, name: 'Agent Hai', url: null } })
  const win = screen.getByTestId('chat-window')
  expect(win.style.height.toLowerCase()).toBe('360px')
  expect(screen.getByTestId('chat-kefu-name').textContent).toBe('Agent Hai')

  const before = task.sent.length
  // the box (AtInput inside our wrapper) is named by its placeholder and keeps the message limit
  expect(fieldBox('chat-input').getAttribute('aria-label')).toBe(fieldBox('chat-input').getAttribute('placeholder'))
  expect(fieldBox('chat-input').getAttribute('aria-label')).toBeTruthy()
  expect(fieldBox('chat-input').getAttribute('maxlength')).toBe(String(CHAT_TEXT_MAX))
  typeInto('chat-input', '   ')
  fireEvent.click(screen.getByTestId('chat-send'))
  expect(task.sent.length).toBe(before)

  typeInto('chat-input', 'Hello there')
  fireEvent.click(screen.getByTestId('chat-send'))
  const frame = task.sent[task.sent.length - 1]
  expect(fieldValue('chat-input')).toBe('')
  expect(frame.kefu_chat).toMatchObject({ msgType: 'text', msgContent: 'Hello there', isConnected: 1, sendType: 'tourist', customerId: 't0123456789abcdef' })
  expect(screen.getByTestId('chat-pending').textContent).toContain('Sending…')
  const message = { id: 11, customerId: 't0123456789abcdef', sendId: 't0123456789abcdef', sendType: 'tourist', msgType: 'text', msgContent: 'Hello there', url: null, isConnected: 1, sendTime: new Date().toISOString(), readTime: null }
  task.server({ type: 'ack', clientMsgId: frame.kefu_chat.clientMsgId, message })
  expect(screen.queryByTestId('chat-pending')).toBeNull()
  task.server({ kefu_chat: { ...message, id: 12, sendId: '5', sendType: 'kefu', msgContent: 'Welcome!' } })
  const shown = screen.getAllByTestId('chat-message').map((n) => n.textContent)
  expect(shown[0]).toContain('Hello there')
  expect(shown[1]).toContain('Welcome!')
  task.server({ kefu_chat: { ...message, id: 13, sendId: '5', sendType: 'kefu', msgType: 'image', msgContent: 'a.png', url: '/uploads/2026-11/a.png' } })
  expect((screen.getByTestId('chat-image').querySelector('img') || screen.getByTestId('chat-image')).getAttribute('src')).toContain('/uploads/2026-11/a.png')
  // the agent read the visitor's message
  task.server({ type: 'read', customerId: 't0123456789abcdef', readerType: 'kefu', upToId: 11 })
  expect(screen.getAllByTestId('chat-message')[0].textContent).toContain('Read')

  // Enter in the box sends too
  typeInto('chat-input', 'By Enter')
  fireEvent.keyDown(fieldBox('chat-input'), { key: 'Enter', keyCode: 13 })
  expect(task.sent[task.sent.length - 1].kefu_chat).toMatchObject({ msgType: 'text', msgContent: 'By Enter' })
  expect(fieldValue('chat-input')).toBe('')

  fireEvent.click(screen.getByTestId('chat-close'))
  expect(screen.queryByTestId('chat-window')).toBeNull()
  expect(task.closed).toBe(true)
})

test('kefu_down switches the chat to the leave-message card', async () => {
  const task = await openFromMenu()
  task.server({ kefu_response: { status: 'kefu_up', keFuId: 5, name: 'Agent Hai', url: null } })
  task.server({ kefu_response: { status: 'kefu_down' } })
  expect(screen.getByTestId('leave-message-card')).toBeTruthy()
  expect(screen.getByText('The adviser has gone offline. Leave a message and we will get back to you soon.')).toBeTruthy()
})

test('files: more than 9 at once or one of 100 MB are refused with the spec messages and nothing is uploaded', async () => {
  const task = await openFromMenu()
  task.server({ kefu_response: { status: 'kefu_up', keFuId: 5, name: 'Agent Hai', url: null } })
  const small = (i: number) => ({ path: `blob:${i}`, name: `f${i}.png`, size: 1000, type: 'image/png' })
  await act(() => sendFiles(Array.from({ length: 10 }, (_, i) => small(i))))
  expect(lastToast()?.title).toBe('Up to 9 files can be uploaded')
  await act(() => sendFiles([small(1), { path: 'blob:big', name: 'big.mp4', size: 104857600, type: 'video/mp4' }]))
  expect(lastToast()?.title).toBe('only files under 100M can be uploaded')
  expect(T.uploadFile).not.toHaveBeenCalled()

  // a valid file is uploaded and sent as its type
  T.uploadFile.mockResolvedValue({ statusCode: 200, data: JSON.stringify({ code: 200, result: '/uploads/2026-11/abc.mp4', message: '' }) })
  await act(() => sendFiles([{ path: 'blob:v', name: 'clip.mp4', size: 2000, type: 'video/mp4' }]))
  expect(T.uploadFile.mock.calls[0][0].url).toBe(`http://localhost:8080/api/v1/message/message/upload/file?touristId=${encodeURIComponent(TOURIST)}`.replace('http://localhost:8080', ''))
  expect(task.sent[task.sent.length - 1].kefu_chat).toMatchObject({ msgType: 'video', url: '/uploads/2026-11/abc.mp4', msgContent: 'clip.mp4' })
})

test('mobile widths get the separate mobile leave-message component (zh)', async () => {
  ;(window as any).innerWidth = 390
  setLang('zh')
  const task = await openFromMenu()
  task.server({ kefu_response: { status: 'noBody' } })
  expect(screen.getByTestId('leave-message-mobile')).toBeTruthy()
  expect(screen.queryByTestId('leave-message-card')).toBeNull()
  fireEvent.click(screen.getByTestId('leave-submit'))
  expect(screen.getByTestId('leave-error-desc').textContent).toBe('请填写问题描述')
})

test('the mobile leave-message sheet (AtFloatLayout) is a dialog that closes on its backdrop and on Escape', async () => {
  ;(window as any).innerWidth = 390
  setLang('en')
  const task = await openFromMenu()
  task.server({ kefu_response: { status: 'noBody' } })
  const sheet = screen.getByRole('dialog')
  expect(screen.getByTestId('leave-message-mobile').contains(sheet)).toBe(true)
  expect(document.getElementById(sheet.getAttribute('aria-labelledby')!)!.textContent).toBe('Leave a message')
  expect(document.activeElement).toBe(sheet)
  fireEvent.click(screen.getByTestId('leave-message-mobile').querySelector('.at-float-layout__overlay')!)
  expect(useChat.getState().panel).toBe('closed')
  expect(screen.queryByTestId('leave-message-mobile')).toBeNull()
})

test('Escape closes the mobile leave-message sheet (H5)', async () => {
  ;(window as any).innerWidth = 390
  const task = await openFromMenu()
  task.server({ kefu_response: { status: 'noBody' } })
  fireEvent.keyDown(screen.getByTestId('leave-desc'), { key: 'Escape' })
  expect(useChat.getState().panel).toBe('closed')
  expect(screen.queryByTestId('leave-message-mobile')).toBeNull()
})

test('a chat opened without a topic offers the entrance topics; picking one announces again with that category', async () => {
  const task = await openFromMenu()
  task.server({ kefu_response: { status: 'kefu_up', keFuId: 5, name: 'Agent Hai', url: null } })
  await waitFor(() => expect(screen.getByTestId('chat-topics')).toBeTruthy())
  expect(screen.getByTestId('chat-topic-tech').textContent).toBe('Technology transfer')
  fireEvent.click(screen.getByTestId('chat-topic-tech'))
  expect(task.sent[task.sent.length - 1]).toEqual({ kefu_chat: { sendId: 't0123456789abcdef', sendType: 'tourist', isConnected: 1, customerId: 't0123456789abcdef', category: 'tech' } })
  expect(useChat.getState().category).toBe('tech')
  // named: the topics are not offered again
  expect(screen.queryByTestId('chat-topics')).toBeNull()
})

test('a chat opened from an entrance does not ask for the topic', async () => {
  render(<OverlayHost />)
  const { requestChat } = await import('../../src/shared/stores/overlay-store')
  act(() => requestChat('job'))
  await waitFor(() => expect(tasks).toHaveLength(1))
  tasks[0].fire('open')
  tasks[0].server({ type: 'connected', identity: { sendId: 't0123456789abcdef', sendType: 'tourist', customerId: 't0123456789abcdef', name: 't0123456789abcdef' } })
  expect(tasks[0].sent[tasks[0].sent.length - 1].kefu_chat).toMatchObject({ category: 'job' })
  tasks[0].server({ kefu_response: { status: 'kefu_up', keFuId: 5, name: 'Agent Hai', url: null } })
  await waitFor(() => expect(screen.getByTestId('chat-window')).toBeTruthy())
  expect(screen.queryByTestId('chat-topics')).toBeNull()
})

test('outside business hours the card says when advisers are back (the visitor zone and Beijing time) and offers the form, without a socket', async () => {
  T.request.mockImplementation(async (o: any) => {
    requests.push({ url: o.url, data: o.data })
    if (o.url.includes('/helpdesk/hours')) return { statusCode: 200, data: { code: 200, result: { open: false, nextOpenAt: '2026-11-30T01:00:00.000Z', closesAt: null, timeZone: 'Asia/Shanghai', now: '2026-11-28T14:00:00.000Z' }, message: '' } }
    return { statusCode: 200, data: { code: 200, result: null, message: '' } }
  })
  render(
    <>
      <SideMenu />
      <OverlayHost />
    </>,
  )
  fireEvent.click(screen.getByTestId('side-service'))
  await waitFor(() => expect(screen.getByTestId('leave-message-card')).toBeTruthy())
  expect(tasks).toHaveLength(0)
  const back = screen.getByTestId('chat-hours-back').textContent || ''
  // 01:00 UTC is 09:00 in Beijing; the test runner's own clock is in its own zone
  expect(back).toContain('Mon 30 Nov 09:00 Beijing time')
  expect(screen.getByTestId('leave-desc')).toBeTruthy()
})

test('a closed conversation asks once for a 1–5 rating with an optional comment; the adviser typing shows', async () => {
  const task = await openFromMenu()
  task.server({ kefu_response: { status: 'kefu_up', keFuId: 5, name: 'Agent Hai', url: null } })
  task.server({ type: 'typing', customerId: 't0123456789abcdef', from: 'kefu' })
  expect(screen.getByTestId('chat-typing').textContent).toBe('Agent Hai is typing…')
  task.server({ type: 'closed', customerId: 't0123456789abcdef', kefuId: 5, closedAt: '2026-11-28T10:00:00.000Z', rateable: true })
  expect(screen.queryByTestId('chat-typing')).toBeNull()
  fireEvent.click(screen.getByTestId('chat-rate-4'))
  typeInto('chat-rate-comment', 'Quick and kind')
  T.request.mockImplementation(async (o: any) => {
    requests.push({ url: o.url, data: o.data })
    return { statusCode: 200, data: { code: 200, result: { id: 1, score: 4 }, message: '' } }
  })
  fireEvent.click(screen.getByTestId('chat-rate-submit'))
  await waitFor(() => expect(screen.getByTestId('chat-rated')).toBeTruthy())
  const rate = requests.find((r) => r.url.includes('/helpdesk/rate'))
  expect(rate?.data).toEqual({ score: 4, comment: 'Quick and kind', touristId: TOURIST })
  // a second 'closed' (another tab) does not ask again
  task.server({ type: 'closed', customerId: 't0123456789abcdef', kefuId: 5, closedAt: '2026-11-28T10:00:00.000Z', rateable: true })
  expect(screen.queryByTestId('chat-rate')).toBeNull()
})
