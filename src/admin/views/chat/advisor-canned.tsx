/**
 * Canned replies in the adviser console: the manager (an agent's own replies and the shared ones, each
 * with a short code and a Chinese and an English text; only the author edits or deletes) and the "/"
 * picker of the reply box — typing "/" and the start of a code offers the matching replies; picking one
 * puts its text in the visitor's language into the box.
 */
import React, { useCallback, useEffect, useState } from 'react'
import { Button, Drawer, Form, Input, Modal, Popconfirm, Space, Switch, Table, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { CANNED_CODE_PATTERN, CANNED_TEXT_MAX, type CannedReply, type CannedReplyBody } from '@contracts/helpdesk'
import { cannedDelete, cannedList, cannedSave } from '../../api/helpdesk'
import { feedback } from '../../core/feedback'

/** The replies a reply box's text asks for: "/" then the start of a code (no spaces); null = not asking. */
export function cannedMatches(items: CannedReply[], text: string): CannedReply[] | null {
  const m = /^\/([A-Za-z0-9_-]*)$/.exec(text)
  if (!m) return null
  const q = m[1].toLowerCase()
  const starts = items.filter((r) => r.code.toLowerCase().startsWith(q))
  const contains = items.filter((r) => !starts.includes(r) && r.code.toLowerCase().includes(q))
  return [...starts, ...contains]
}

/** the reply's text in the visitor's language (Chinese when unknown), the other one when that is blank */
export function cannedText(r: CannedReply, lang: 'zh' | 'en' | undefined): string {
  const first = lang === 'en' ? r.textEn : r.textZh
  return first?.trim() ? first : lang === 'en' ? r.textZh : r.textEn
}

export function useCannedReplies(): { items: CannedReply[]; reload(): Promise<void> } {
  const [items, setItems] = useState<CannedReply[]>([])
  const reload = useCallback(async () => {
    const env = await cannedList().catch(() => null)
    if (env?.code === 200) setItems(env.result)
  }, [])
  useEffect(() => {
    void reload()
  }, [reload])
  return { items, reload }
}

export function CannedPicker({ items, active, lang, onPick, onHover }: { items: CannedReply[]; active: number; lang: 'zh' | 'en' | undefined; onPick(r: CannedReply): void; onHover(i: number): void }) {
  const { t } = useTranslation()
  return (
    <div className="hj-adv__canned" data-testid="advisor-canned-picker" role="listbox">
      {items.length ? (
        items.map((r, i) => (
          <div
            key={r.id}
            role="option"
            aria-selected={i === active}
            className={`hj-adv__canned-item${i === active ? ' is-active' : ''}`}
            data-testid={`advisor-canned-${r.code}`}
            onMouseEnter={() => onHover(i)}
            // mousedown keeps the focus in the reply box
            onMouseDown={(e) => {
              e.preventDefault()
              onPick(r)
            }}
          >
            <Typography.Text code>/{r.code}</Typography.Text>
            <Typography.Text ellipsis className="hj-adv__canned-text">
              {cannedText(r, lang)}
            </Typography.Text>
          </div>
        ))
      ) : (
        <div className="hj-adv__canned-item is-empty">{t('adm.helpdesk.canned.none')}</div>
      )}
    </div>
  )
}

function CannedForm({ open, row, onDone, onCancel }: { open: boolean; row: CannedReply | null; onDone(): void; onCancel(): void }) {
  const { t } = useTranslation()
  const [form] = Form.useForm<CannedReplyBody>()
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    if (open) form.setFieldsValue(row ? { code: row.code, textZh: row.textZh, textEn: row.textEn, shared: row.shared } : { code: '', textZh: '', textEn: '', shared: false })
  }, [open, row, form])
  const save = async () => {
    const v = await form.validateFields()
    setBusy(true)
    try {
      const env = await cannedSave({ code: v.code.trim(), textZh: v.textZh.trim(), textEn: v.textEn.trim(), shared: !!v.shared }, row?.id)
      if (env.code === 200) {
        feedback().success(t('adm.helpdesk.canned.saved'))
        onDone()
      } else if (env.code === 681) form.setFields([{ name: 'code', errors: [t('request.681', { defaultValue: env.message })] }])
    } finally {
      setBusy(false)
    }
  }
  const text = (lang: string) => [
    { required: true, whitespace: true, message: t('adm.helpdesk.canned.textRequired', { lang }) },
    { max: CANNED_TEXT_MAX, message: t('adm.helpdesk.canned.textLong', { max: CANNED_TEXT_MAX }) },
  ]
  return (
    <Modal
      open={open}
      title={row ? t('adm.helpdesk.canned.edit') : t('adm.helpdesk.canned.add')}
      onOk={() => void save()}
      onCancel={onCancel}
      okText={t('common.submit')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: busy, 'data-testid': 'canned-save' } as never}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" data-testid="canned-form">
        <Form.Item
          name="code"
          label={t('adm.helpdesk.canned.code')}
          extra={t('adm.helpdesk.canned.codeHint')}
          rules={[
            { required: true, message: t('adm.helpdesk.canned.codeRequired') },
            { pattern: CANNED_CODE_PATTERN, message: t('adm.helpdesk.canned.codeInvalid') },
          ]}
        >
          <Input prefix="/" maxLength={20} data-testid="canned-code" />
        </Form.Item>
        <Form.Item name="textZh" label={t('adm.helpdesk.canned.textZh')} rules={text('中文')}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} data-testid="canned-text-zh" />
        </Form.Item>
        <Form.Item name="textEn" label={t('adm.helpdesk.canned.textEn')} rules={text('English')}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} data-testid="canned-text-en" />
        </Form.Item>
        <Form.Item name="shared" label={t('adm.helpdesk.canned.shared')} valuePropName="checked" extra={t('adm.helpdesk.canned.sharedHint')}>
          <Switch data-testid="canned-shared" />
        </Form.Item>
      </Form>
    </Modal>
  )
}

export function CannedManager({ open, items, reload, onClose }: { open: boolean; items: CannedReply[]; reload(): Promise<void>; onClose(): void }) {
  const { t } = useTranslation()
  const [editing, setEditing] = useState<CannedReply | null>(null)
  const [formOpen, setFormOpen] = useState(false)
  return (
    <Drawer open={open} onClose={onClose} title={t('adm.helpdesk.canned.title')} size={720} data-testid="canned-manager">
      <Space style={{ marginBottom: 12 }}>
        <Button
          type="primary"
          data-testid="canned-add"
          onClick={() => {
            setEditing(null)
            setFormOpen(true)
          }}
        >
          {t('adm.helpdesk.canned.add')}
        </Button>
        <Typography.Text type="secondary">{t('adm.helpdesk.canned.howTo')}</Typography.Text>
      </Space>
      <Table<CannedReply>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={items}
        columns={[
          { title: t('adm.helpdesk.canned.code'), dataIndex: 'code', width: 110, render: (v: string) => <Typography.Text code>/{v}</Typography.Text> },
          { title: t('adm.helpdesk.canned.textZh'), dataIndex: 'textZh', ellipsis: true },
          { title: t('adm.helpdesk.canned.textEn'), dataIndex: 'textEn', ellipsis: true },
          {
            title: t('adm.helpdesk.canned.owner'),
            width: 120,
            render: (_: unknown, r) => (r.shared ? <Tag color="blue">{t('adm.helpdesk.canned.sharedBy', { name: r.ownerName })}</Tag> : <Tag>{t('adm.helpdesk.canned.mine')}</Tag>),
          },
          {
            title: '',
            width: 120,
            render: (_: unknown, r) =>
              r.mine ? (
                <Space size={4}>
                  <Button
                    size="small"
                    type="link"
                    data-testid={`canned-edit-${r.code}`}
                    onClick={() => {
                      setEditing(r)
                      setFormOpen(true)
                    }}
                  >
                    {t('adm.helpdesk.canned.editShort')}
                  </Button>
                  <Popconfirm
                    title={t('adm.helpdesk.canned.confirmDelete')}
                    okText={t('common.confirm')}
                    cancelText={t('common.cancel')}
                    onConfirm={async () => {
                      const env = await cannedDelete(r.id)
                      if (env.code === 200) await reload()
                    }}
                  >
                    <Button size="small" type="link" danger data-testid={`canned-delete-${r.code}`}>
                      {t('adm.helpdesk.canned.delete')}
                    </Button>
                  </Popconfirm>
                </Space>
              ) : null,
          },
        ]}
      />
      <CannedForm
        open={formOpen}
        row={editing}
        onCancel={() => setFormOpen(false)}
        onDone={() => {
          setFormOpen(false)
          void reload()
        }}
      />
    </Drawer>
  )
}
