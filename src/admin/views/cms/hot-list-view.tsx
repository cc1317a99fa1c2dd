/**
 * 'cms/hot/list' (CMS › Hot content): tabs activity / information / topic / video; each lists that type
 * (hot rows first, by hot order; keyword; "hot only"), and one shared edit dialog sets the hot flag and
 * the order (activities: flag only). A hot topic/information/activity cannot be deleted (619/620/621).
 */
import React, { useEffect, useState } from 'react'
import { Card, Checkbox, Form, InputNumber, Space, Switch, Tabs } from 'antd'
import { useTranslation } from 'react-i18next'
import type { HotRow, HotType } from '@contracts/admin-cms'
import { listHot, saveHot } from '../../api/cms'
import { Permission } from '../../core/permission'
import { feedback } from '../../core/feedback'
import { formatTime } from '../common/format'
import { useTableList } from '../common/use-table-list'
import { ListTable } from '../common/list-table'
import { KeywordSearch } from '../common/list-toolbar'
import { RowLink } from '../common/row-actions'
import { FormModal } from '../common/form-dialogs'
import type { ViewProps } from '../view-props'
import { HotTitle, StatusTag, pick } from './cms-common'

const TYPES: HotType[] = ['activity', 'information', 'topic', 'video']

function HotEditModal({ row, lang, onClose, onSaved }: { row: HotRow | null; lang: 'zh' | 'en'; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation()
  const [form] = Form.useForm<{ isHot: boolean; hotSort: number }>()
  const [saving, setSaving] = useState(false)
  const submit = async () => {
    if (!row) return
    const v = await form.validateFields()
    setSaving(true)
    try {
      const data = { type: row.type, id: row.id, isHot: v.isHot, ...(row.type === 'activity' ? {} : { hotSort: v.hotSort ?? 0 }) }
      if ((await saveHot(data)).code === 200) {
        feedback().success(t('adm.cms.saved'))
        onSaved()
      }
    } finally {
      setSaving(false)
    }
  }
  return (
    <FormModal
      open={!!row}
      title={t('adm.cms.hot.edit', { title: row ? pick(lang, row.titleZh, row.titleEn) : '' })}
      onCancel={onClose}
      onSave={() => void submit()}
      saving={saving}
      destroyOnHidden
      saveTestId="cms-hot-save"
    >
      {row ? (
        <Form form={form} layout="horizontal" labelCol={{ span: 6 }} initialValues={{ isHot: row.isHot, hotSort: row.hotSort ?? 0 }}>
          <Form.Item name="isHot" label={t('adm.cms.hot.hot')} valuePropName="checked">
            <Switch data-testid="cms-hot-switch" />
          </Form.Item>
          {row.type === 'activity' ? null : (
            <Form.Item name="hotSort" label={t('adm.cms.hot.order')} tooltip={t('adm.cms.hint.sort')}>
              <InputNumber min={-100000} max={100000} precision={0} />
            </Form.Item>
          )}
        </Form>
      ) : null}
    </FormModal>
  )
}

function HotTab({ type, lang, onEdit, tick }: { type: HotType; lang: 'zh' | 'en'; onEdit(r: HotRow): void; tick: number }) {
  const { t } = useTranslation()
  const q = useTableList<HotRow>(listHot, { type })
  const { reload } = q
  useEffect(() => {
    if (tick) reload()
  }, [tick, reload])
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Checkbox onChange={(e) => q.setFilters({ hot: e.target.checked || undefined })} data-testid={`cms-hot-only-${type}`}>
          {t('adm.cms.hot.only')}
        </Checkbox>
        <KeywordSearch placeholder={t('adm.cms.keyword')} button={false} style={{ width: 320 }} list={q} testId={`cms-hot-search-${type}`} />
      </Space>
      <ListTable<HotRow>
        list={q}
        sort={false}
        columns={[
          { title: t('adm.table.id'), dataIndex: 'id', width: 80 },
          {
            title: t('adm.cms.field.title'),
            render: (_, r) => <HotTitle title={pick(lang, r.titleZh, r.titleEn)} isHot={r.isHot} />,
          },
          { title: t('adm.table.status'), dataIndex: 'status', width: 100, render: (s) => <StatusTag status={s} /> },
          ...(type === 'activity' ? [] : [{ title: t('adm.cms.hot.order'), dataIndex: 'hotSort', width: 100 }]),
          { title: t('adm.cms.field.time'), dataIndex: 'time', width: 160, render: (v: string | null) => formatTime(v) },
          {
            title: t('adm.table.actions'),
            width: 120,
            render: (_: unknown, r: HotRow) => (
              <Permission name="edit">
                <RowLink onClick={() => onEdit(r)} data-testid={`cms-hot-edit-${type}-${r.id}`}>
                  {t('adm.cms.edit')}
                </RowLink>
              </Permission>
            ),
          },
        ]}
      />
    </>
  )
}

export default function HotListView({ lang }: ViewProps) {
  const { t } = useTranslation()
  const [editing, setEditing] = useState<HotRow | null>(null)
  const [tick, setTick] = useState(0)
  return (
    <Card title={t('adm.cms.hot.title')}>
      <Tabs
        data-testid="cms-hot-tabs"
        items={TYPES.map((type) => ({ key: type, label: t(`adm.cms.hot.types.${type}`), children: <HotTab type={type} lang={lang} onEdit={setEditing} tick={tick} /> }))}
      />
      <HotEditModal
        row={editing}
        lang={lang}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null)
          setTick((n) => n + 1)
        }}
      />
    </Card>
  )
}
