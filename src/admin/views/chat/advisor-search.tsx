/**
 * Conversation search in the adviser console: words in the messages, the visitor (id, name or e-mail),
 * the agent, the service category, the state and the last activity's dates (Beijing dates). A hit shows
 * who holds it and the matching message; one the agent holds opens its latest messages read-only.
 */
import React, { useEffect, useState } from 'react'
import { Button, Checkbox, DatePicker, Drawer, Empty, Form, Input, List, Pagination, Select, Space, Tag, Typography } from 'antd'
import type { Dayjs } from 'dayjs'
import { useTranslation } from 'react-i18next'
import type { ChatMessage } from '@contracts/chat'
import type { ServiceCategoryNode } from '@contracts/admin-dictionary'
import type { HelpdeskSearchBody, HelpdeskSearchHit } from '@contracts/helpdesk'
import { helpdeskCategories, searchConversations } from '../../api/helpdesk'
import { listMessages } from '../../api/chat'
import { MessageBody, displayName } from './advisor-cards'
import { SERVICE_CATEGORY_MENU_COMPONENT, holdsMenu, type TransferAgent } from './advisor-transfer'

interface SearchForm {
  keyword?: string
  visitor?: string
  kefuId?: number
  categoryId?: number
  status?: HelpdeskSearchBody['status']
  unanswered?: boolean
  dates?: [Dayjs, Dayjs] | null
}

const PAGE_SIZE = 10

/** the form as the search body (blank fields left out) */
export function searchBody(v: SearchForm, page: number): HelpdeskSearchBody {
  const body: HelpdeskSearchBody = { page, pageSize: PAGE_SIZE, tz: 'Asia/Shanghai' }
  if (v.keyword?.trim()) body.keyword = v.keyword.trim()
  if (v.visitor?.trim()) body.visitor = v.visitor.trim()
  if (v.kefuId) body.kefuId = v.kefuId
  if (v.categoryId) body.categoryId = v.categoryId
  if (v.status) body.status = v.status
  if (v.unanswered) body.unanswered = true
  if (v.dates?.[0] && v.dates[1]) {
    body.from = v.dates[0].format('YYYY-MM-DD')
    body.to = v.dates[1].format('YYYY-MM-DD')
  }
  return body
}

function flatten(nodes: ServiceCategoryNode[], depth = 0): Array<{ id: number; label: string; labelEn: string }> {
  return nodes.flatMap((n) => [{ id: n.id, label: `${'　'.repeat(depth)}${n.nameZh}`, labelEn: `${'  '.repeat(depth)}${n.nameEn}` }, ...flatten(n.children ?? [], depth + 1)])
}

function stamp(iso: string | null): string {
  if (!iso) return ''
  const d = new Date(iso)
  const p = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`
}

function Transcript({ customerId }: { customerId: string }) {
  const { t } = useTranslation()
  const [list, setList] = useState<ChatMessage[] | null>(null)
  useEffect(() => {
    let live = true
    void listMessages(customerId, 1, 20)
      .then((env) => live && setList(env.code === 200 ? env.result.list : []))
      .catch(() => live && setList([]))
    return () => {
      live = false
    }
  }, [customerId])
  if (!list) return <Typography.Text type="secondary">{t('chat.loading')}</Typography.Text>
  if (!list.length) return <Typography.Text type="secondary">{t('adm.helpdesk.search.noMessages')}</Typography.Text>
  return (
    <div className="hj-adv__transcript" data-testid="advisor-search-transcript">
      {list.map((m) => (
        <div key={m.id} className={`hj-adv__msg${m.sendType === 'kefu' ? ' is-mine' : ''}`}>
          <div className="hj-adv__bubble">
            <MessageBody m={m} />
            <div className="hj-adv__meta">{stamp(m.sendTime)}</div>
          </div>
        </div>
      ))}
    </div>
  )
}

export function ConversationSearch({ open, agents, me, onClose }: { open: boolean; agents: TransferAgent[]; me: string | null; onClose(): void }) {
  const { t, i18n } = useTranslation()
  const k = (key: string, o?: Record<string, unknown>) => t(`adm.helpdesk.search.${key}`, o)
  const [form] = Form.useForm<SearchForm>()
  const [categories, setCategories] = useState<Array<{ id: number; label: string; labelEn: string }>>([])
  const [hits, setHits] = useState<HelpdeskSearchHit[] | null>(null)
  const [total, setTotal] = useState(0)
  const [page, setPage] = useState(1)
  const [busy, setBusy] = useState(false)
  const [openHit, setOpenHit] = useState<string | null>(null)

  useEffect(() => {
    if (!open || categories.length || !holdsMenu(SERVICE_CATEGORY_MENU_COMPONENT)) return
    void helpdeskCategories()
      .then((list) => setCategories(flatten(list)))
      .catch(() => undefined)
  }, [open, categories.length])

  const run = async (p = 1) => {
    setBusy(true)
    try {
      const env = await searchConversations(searchBody(form.getFieldsValue(), p))
      if (env.code === 200) {
        setHits(env.result.list)
        setTotal(env.result.total)
        setPage(p)
        setOpenHit(null)
      }
    } finally {
      setBusy(false)
    }
  }

  const en = i18n.language === 'en'
  return (
    <Drawer open={open} onClose={onClose} title={k('title')} size={760} data-testid="advisor-search">
      <Form form={form} layout="inline" onFinish={() => void run(1)} className="hj-adv__search-form" data-testid="advisor-search-form">
        <Form.Item name="keyword">
          <Input placeholder={k('keyword')} allowClear style={{ width: 200 }} data-testid="advisor-search-keyword" />
        </Form.Item>
        <Form.Item name="visitor">
          <Input placeholder={k('visitor')} allowClear style={{ width: 200 }} data-testid="advisor-search-visitor" />
        </Form.Item>
        {/* the agent and category pickers need the service-category menu (see holdsMenu) */}
        {agents.length ? (
          <Form.Item name="kefuId">
            <Select placeholder={k('agent')} allowClear style={{ width: 160 }} options={agents.map((a) => ({ value: a.id, label: a.name }))} data-testid="advisor-search-agent" />
          </Form.Item>
        ) : null}
        {categories.length ? (
          <Form.Item name="categoryId">
            <Select placeholder={k('category')} allowClear style={{ width: 180 }} options={categories.map((c) => ({ value: c.id, label: en ? c.labelEn : c.label }))} data-testid="advisor-search-category" />
          </Form.Item>
        ) : null}
        <Form.Item name="status">
          <Select
            placeholder={k('status')}
            allowClear
            style={{ width: 120 }}
            options={(['open', 'queued', 'closed'] as const).map((s) => ({ value: s, label: k(`state.${s}`) }))}
            data-testid="advisor-search-status"
          />
        </Form.Item>
        <Form.Item name="dates">
          <DatePicker.RangePicker data-testid="advisor-search-dates" />
        </Form.Item>
        <Form.Item name="unanswered" valuePropName="checked">
          <Checkbox>{k('unanswered')}</Checkbox>
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={busy} data-testid="advisor-search-run">
              {k('run')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields()
                setHits(null)
              }}
            >
              {k('reset')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      {hits === null ? null : hits.length ? (
        <>
          <List
            className="hj-adv__hits"
            dataSource={hits}
            renderItem={(h) => (
              <List.Item key={h.conversation.customerId} data-testid="advisor-search-hit" data-customer={h.conversation.customerId} style={{ display: 'block' }}>
                <div className="hj-adv__hit-head" onClick={() => setOpenHit((x) => (x === h.conversation.customerId ? null : h.conversation.customerId))}>
                  <Typography.Text strong>{displayName(h.conversation, t)}</Typography.Text>
                  <Tag>{k(`state.${h.conversation.status}`)}</Tag>
                  <Typography.Text type="secondary">{h.kefuName ? k('heldBy', { name: h.kefuName }) : k('noAgent')}</Typography.Text>
                  <Typography.Text type="secondary" style={{ marginLeft: 'auto' }}>
                    {stamp(h.conversation.lastTime)}
                  </Typography.Text>
                </div>
                <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: '4px 0 0' }} data-testid="advisor-search-match">
                  {(h.match ?? h.conversation.lastMessage)?.msgContent ?? ''}
                </Typography.Paragraph>
                {openHit === h.conversation.customerId ? (
                  // an agent reads the messages of the conversations it holds (the server refuses others)
                  h.kefuId != null && String(h.kefuId) === me ? (
                    <Transcript customerId={h.conversation.customerId} />
                  ) : (
                    <Typography.Text type="secondary">{k('notYours')}</Typography.Text>
                  )
                ) : null}
              </List.Item>
            )}
          />
          <Pagination current={page} pageSize={PAGE_SIZE} total={total} onChange={(p) => void run(p)} size="small" showSizeChanger={false} style={{ marginTop: 12, textAlign: 'right' }} />
        </>
      ) : (
        <Empty description={k('none')} />
      )}
    </Drawer>
  )
}
