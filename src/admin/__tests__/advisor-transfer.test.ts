/** The console's transfer frame and handling-history wording. */
import { CHAT_TRANSFER_NOTE_MAX, type ChatHandlingEvent } from '@contracts/chat'
import { SERVICE_CATEGORY_MENU_COMPONENT, eventText, holdsMenu, transferFrame } from '../views/chat/advisor-transfer'

const t = (k: string, o?: Record<string, unknown>) => `${k}${o ? JSON.stringify(o) : ''}`

test('the frame names exactly one target; the note is trimmed and left out when empty', () => {
  expect(transferFrame('t1', 'agent', 7, 'job', '  ')).toEqual({ kefu_transfer: { customerId: 't1', toKefuId: 7 } })
  expect(transferFrame('t1', 'category', 7, 'tech', ' see patent ')).toEqual({ kefu_transfer: { customerId: 't1', toCategory: 'tech', note: 'see patent' } })
  expect(transferFrame('t1', 'agent', null, 'tech', '')).toBeNull()
  expect(transferFrame('t1', 'category', 7, null, '')).toBeNull()
  expect(transferFrame('t1', 'category', null, 'job', 'x'.repeat(CHAT_TRANSFER_NOTE_MAX + 1))).toBeNull()
})

test('history lines name who handled it', () => {
  const e = (kind: ChatHandlingEvent['kind'], fromName: string | null, toName: string | null): ChatHandlingEvent => ({ kind, fromKefuId: fromName ? 1 : null, fromName, toKefuId: toName ? 2 : null, toName, note: null, time: '2026-11-28T10:00:00.000Z' })
  expect(eventText(e('routed', null, 'Hai'), t)).toBe('adm.helpdesk.event.routed{"to":"Hai"}')
  expect(eventText(e('routed', 'Wang', 'Hai'), t)).toBe('adm.helpdesk.event.handedOver{"from":"Wang","to":"Hai"}')
  expect(eventText(e('transferred', 'Wang', 'Hai'), t)).toBe('adm.helpdesk.event.transferred{"from":"Wang","to":"Hai"}')
  expect(eventText(e('queued', null, null), t)).toBe('adm.helpdesk.event.queued')
  expect(eventText(e('closed', 'Hai', null), t)).toBe('adm.helpdesk.event.closedBy{"name":"Hai"}')
})

test('the agent and category pickers are asked for only when the menu holds the service-category view', () => {
  const entry = (component: string, children?: unknown[]) => ({ id: 1, pid: 0, path: '/x', name: 'x', title: 'x', component, redirect: null, icon: null, ...(children ? { children } : {}) })
  const menu = (list: unknown[]) => ({ menuTreeList: list, buttonList: [] }) as never
  expect(holdsMenu(SERVICE_CATEGORY_MENU_COMPONENT, menu([entry('layout', [entry('system/service-category/list')])]))).toBe(true)
  expect(holdsMenu(SERVICE_CATEGORY_MENU_COMPONENT, menu([entry('chat/index')]))).toBe(false)
  expect(holdsMenu(SERVICE_CATEGORY_MENU_COMPONENT, null)).toBe(false)
})
