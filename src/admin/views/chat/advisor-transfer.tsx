/**
 * The adviser console's hand-over tools: the transfer dialog (to an online agent or to a service
 * category, with a note only agents see) and the handling history (who held the conversation when).
 * Both talk over the console's socket: kefu_transfer → 'transferred' (or an error frame: 436 nobody of
 * that target online, 618 unknown category, 433 note too long); kefu_history → 'history'.
 */
import React, { useEffect, useState } from 'react'
import { Alert, Drawer, Empty, Input, Modal, Radio, Select, Space, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import type { MenuEntry, MenuPermission } from '@contracts/api'
import { readMenu } from '../../core/session'
import { CHAT_CATEGORY_ENTRANCES, CHAT_TRANSFER_NOTE_MAX, type ChatCategoryEntrance, type ChatHandlingEvent, type KefuTransferOut } from '@contracts/chat'

/** the view the service-category reads (agents, categories) need */
export const SERVICE_CATEGORY_MENU_COMPONENT = 'system/service-category/list'

/** whether the signed-in account's menu holds this view (entries as a tree or a flat list) */
export function holdsMenu(component: string, menu: MenuPermission | null = readMenu()): boolean {
  type Entry = MenuEntry & { children?: Entry[] }
  const walk = (list: Entry[] | undefined): boolean => !!list?.some((e) => e.component === component || walk(e.children))
  return walk(menu?.menuTreeList as Entry[] | undefined)
}

export interface TransferAgent {
  id: number
  name: string
}

const ENTRANCES = Object.keys(CHAT_CATEGORY_ENTRANCES) as ChatCategoryEntrance[]

/** the kefu_transfer frame of the dialog's choice, or null while it is incomplete */
export function transferFrame(customerId: string, target: 'agent' | 'category', agentId: number | null, category: ChatCategoryEntrance | null, note: string): KefuTransferOut | null {
  const trimmed = note.trim()
  if ([...trimmed].length > CHAT_TRANSFER_NOTE_MAX) return null
  if (target === 'agent') {
    if (!agentId) return null
    return { kefu_transfer: { customerId, toKefuId: agentId, ...(trimmed ? { note: trimmed } : {}) } }
  }
  if (!category) return null
  return { kefu_transfer: { customerId, toCategory: category, ...(trimmed ? { note: trimmed } : {}) } }
}

export function TransferDialog({
  open,
  customerId,
  agents,
  busy,
  onSend,
  onCancel,
}: {
  open: boolean
  customerId: string
  /** the other agents who are online now (empty: only a category can be picked) */
  agents: TransferAgent[]
  busy: boolean
  onSend(frame: KefuTransferOut): void
  onCancel(): void
}) {
  const { t } = useTranslation()
  const [target, setTarget] = useState<'agent' | 'category'>('category')
  const [agentId, setAgentId] = useState<number | null>(null)
  const [category, setCategory] = useState<ChatCategoryEntrance | null>(null)
  const [note, setNote] = useState('')

  // a fresh dialog for every conversation
  useEffect(() => {
    if (!open) return
    setTarget(agents.length ? 'agent' : 'category')
    setAgentId(null)
    setCategory(null)
    setNote('')
  }, [open, customerId]) // eslint-disable-line react-hooks/exhaustive-deps

  const frame = transferFrame(customerId, target, agentId, category, note)
  return (
    <Modal
      open={open}
      title={t('adm.helpdesk.transfer.title')}
      okText={t('adm.helpdesk.transfer.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !frame, loading: busy, 'data-testid': 'advisor-transfer-ok' } as never}
      onOk={() => frame && onSend(frame)}
      onCancel={onCancel}
      destroyOnHidden
      width={480}
    >
      <div data-testid="advisor-transfer-dialog">
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          <Radio.Group value={target} onChange={(e) => setTarget(e.target.value)} optionType="button" buttonStyle="solid">
            <Radio.Button value="agent">
              <span data-testid="advisor-transfer-to-agent">{t('adm.helpdesk.transfer.toAgent')}</span>
            </Radio.Button>
            <Radio.Button value="category">
              <span data-testid="advisor-transfer-to-category">{t('adm.helpdesk.transfer.toCategory')}</span>
            </Radio.Button>
          </Radio.Group>
          {target === 'agent' ? (
            agents.length ? (
              <Select<number>
                data-testid="advisor-transfer-agent"
                style={{ width: '100%' }}
                placeholder={t('adm.helpdesk.transfer.pickAgent')}
                value={agentId ?? undefined}
                onChange={setAgentId}
                options={agents.map((a) => ({ value: a.id, label: <span data-testid={`advisor-transfer-agent-${a.id}`}>{a.name}</span> }))}
              />
            ) : (
              <Alert type="info" showIcon message={t('adm.helpdesk.transfer.noAgents')} />
            )
          ) : (
            <Radio.Group value={category} onChange={(e) => setCategory(e.target.value)}>
              <Space direction="vertical">
                {ENTRANCES.map((k) => (
                  <Radio key={k} value={k}>
                    <span data-testid={`advisor-transfer-category-${k}`}>{t(`frame.${k}`)}</span>
                  </Radio>
                ))}
              </Space>
            </Radio.Group>
          )}
          <div>
            <Input.TextArea
              data-testid="advisor-transfer-note"
              value={note}
              maxLength={CHAT_TRANSFER_NOTE_MAX}
              showCount
              autoSize={{ minRows: 3, maxRows: 6 }}
              placeholder={t('adm.helpdesk.transfer.notePlaceholder')}
              onChange={(e) => setNote(e.target.value)}
            />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('adm.helpdesk.transfer.noteHint')}
            </Typography.Text>
          </div>
        </Space>
      </div>
    </Modal>
  )
}

function stamp(iso: string): string {
  const d = new Date(iso)
  const p = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`
}

/** one history line in words: "routed to A", "B → C", "queued", "closed by D" */
export function eventText(e: ChatHandlingEvent, t: (k: string, o?: Record<string, unknown>) => string): string {
  const from = e.fromName || (e.fromKefuId ? `#${e.fromKefuId}` : '')
  const to = e.toName || (e.toKefuId ? `#${e.toKefuId}` : '')
  if (e.kind === 'transferred') return t('adm.helpdesk.event.transferred', { from, to })
  if (e.kind === 'routed') return from ? t('adm.helpdesk.event.handedOver', { from, to }) : t('adm.helpdesk.event.routed', { to })
  if (e.kind === 'queued') return t('adm.helpdesk.event.queued')
  return from ? t('adm.helpdesk.event.closedBy', { name: from }) : t('adm.helpdesk.event.closed')
}

export function HandlingHistory({ open, events, onClose }: { open: boolean; events: ChatHandlingEvent[] | null; onClose(): void }) {
  const { t } = useTranslation()
  return (
    <Drawer open={open} onClose={onClose} title={t('adm.helpdesk.handling')} size={380} data-testid="advisor-history">
      {events === null ? (
        <Typography.Text type="secondary">{t('chat.loading')}</Typography.Text>
      ) : events.length ? (
        <ol className="hj-adv__events">
          {events.map((e, i) => (
            <li key={i} className={`hj-adv__event is-${e.kind}`} data-testid="advisor-history-event" data-kind={e.kind}>
              <div>{eventText(e, t)}</div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {stamp(e.time)}
              </Typography.Text>
              {e.note ? (
                <div className="hj-adv__note" data-testid="advisor-history-note">
                  {t('adm.helpdesk.transfer.note')}: {e.note}
                </div>
              ) : null}
            </li>
          ))}
        </ol>
      ) : (
        <Empty />
      )}
    </Drawer>
  )
}
