/**
 * 'cms/policy/list' (CMS › Policies): search, status and level filters, sortable columns, paging; add/edit
 * (level, category, city, issuer, rich content, publish time), publish/unpublish (queues the subscribers'
 * digest), delete, and the match rules drawer (rule cards used by /policy/match/run).
 */
import React, { useEffect, useState } from 'react'
import { Button, Card, DatePicker, Drawer, Form, Select, Space, Spin, Tabs } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useTranslation } from 'react-i18next'
import type { AdminPolicyDetail, AdminPolicyRow } from '../../../shared/contracts/admin-cms'
import { listPolicies, policies, policyCategories, policyDetail, savePolicy } from '../../api/cms'
import type { OptionItem } from '../../../shared/contracts/api'
import type { PolicyLevel } from '../../../shared/contracts/policy'
import { BilingualInput } from '../../components/bilingual-input'
import { RichTextEditor } from '../../components/rich-text-editor'
import { Permission } from '../../core/permission'
import { feedback } from '../../core/feedback'
import { formatTime } from '../common/format'
import { useTableList } from '../common/use-table-list'
import { ListTable } from '../common/list-table'
import { FilterSelect } from '../common/list-toolbar'
import { RowLink } from '../common/row-actions'
import type { ViewProps } from '../registry'
import { AddButton, CMS_SORT, CmsToolbar, DeleteButton, PublishButton, StatusTag, pick } from './cms-common'
import { PolicyRulesDrawer } from './policy-rules-drawer'

const LEVELS: PolicyLevel[] = ['national', 'provincial', 'municipal', 'district']

type Values = Omit<AdminPolicyDetail, 'id' | 'status' | 'rules' | 'publishedAt'> & { publishedAt?: Dayjs | null }

function PolicyDrawer({ id, open, lang, onClose, onSaved }: { id: number | null; open: boolean; lang: 'zh' | 'en'; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation()
  const [form] = Form.useForm<Values>()
  const [loading, setLoading] = useState(false)
  const [saving, setSaving] = useState(false)
  const [categories, setCategories] = useState<OptionItem[]>([])

  // the policy categories, once per drawer (they change rarely)
  const needCategories = open && !categories.length
  useEffect(() => {
    if (!needCategories) return
    policyCategories()
      .then((list) => Array.isArray(list) && setCategories(list))
      .catch(() => undefined)
  }, [needCategories])

  useEffect(() => {
    if (!open) return
    form.resetFields()
    if (!id) return
    setLoading(true)
    policyDetail(id)
      .then((env) => env.code === 200 && env.result && form.setFieldsValue({ ...env.result, publishedAt: env.result.publishedAt ? dayjs(env.result.publishedAt) : null }))
      .catch(() => undefined)
      .finally(() => setLoading(false))
  }, [open, id, form])

  const submit = async () => {
    const v = await form.validateFields()
    setSaving(true)
    try {
      const data = {
        ...v,
        summaryZh: v.summaryZh ?? '',
        summaryEn: v.summaryEn ?? '',
        cityZh: v.cityZh ?? '',
        cityEn: v.cityEn ?? '',
        issuerZh: v.issuerZh ?? '',
        issuerEn: v.issuerEn ?? '',
        contentZh: v.contentZh ?? '',
        contentEn: v.contentEn ?? '',
        categoryCode: v.categoryCode ?? null,
        publishedAt: v.publishedAt ? v.publishedAt.toISOString() : null,
        ...(id ? { id } : {}),
      }
      if ((await savePolicy(data)).code === 200) {
        feedback().success(t('adm.cms.saved'))
        onSaved()
      }
    } finally {
      setSaving(false)
    }
  }

  return (
    <Drawer
      open={open}
      width={980}
      title={id ? t('adm.cms.policy.edit') : t('adm.cms.policy.add')}
      onClose={onClose}
      data-testid="cms-policy-drawer"
      extra={
        <Space>
          <Button onClick={onClose}>{t('adm.cms.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={submit} data-testid="cms-policy-save">
            {t('adm.cms.save')}
          </Button>
        </Space>
      }
    >
      <Spin spinning={loading}>
        <Form form={form} layout="vertical" initialValues={{ level: 'municipal' }}>
          <BilingualInput names={['titleZh', 'titleEn']} label={t('adm.cms.field.title')} required maxLength={200} testId="cms-policy-title" />
          <BilingualInput names={['summaryZh', 'summaryEn']} label={t('adm.cms.field.summary')} textarea rows={2} maxLength={1000} />
          <Space align="start" size={24} wrap>
            <Form.Item name="level" label={t('adm.cms.policy.level')} style={{ width: 200 }} rules={[{ required: true, message: t('adm.cms.validate.required') }]}>
              <Select options={LEVELS.map((l) => ({ value: l, label: t(`adm.cms.policy.levels.${l}`) }))} />
            </Form.Item>
            <Form.Item name="categoryCode" label={t('adm.cms.field.category')} style={{ width: 240 }}>
              <Select allowClear options={categories.map((c) => ({ value: c.code, label: pick(lang, c.nameZh, c.nameEn) }))} />
            </Form.Item>
            <Form.Item name="publishedAt" label={t('adm.cms.field.publishedAt')}>
              <DatePicker showTime />
            </Form.Item>
          </Space>
          <BilingualInput names={['cityZh', 'cityEn']} label={t('adm.cms.policy.city')} maxLength={50} />
          <BilingualInput names={['issuerZh', 'issuerEn']} label={t('adm.cms.policy.issuer')} maxLength={100} />
          <Tabs
            items={(['zh', 'en'] as const).map((l) => ({
              key: l,
              forceRender: true,
              label: t(l === 'zh' ? 'adm.cms.lang.labelZh' : 'adm.cms.lang.labelEn', { label: t('adm.cms.field.content') }),
              children: (
                <Form.Item name={l === 'zh' ? 'contentZh' : 'contentEn'} noStyle>
                  <RichTextEditor data-testid={`cms-policy-content-${l}`} />
                </Form.Item>
              ),
            }))}
          />
        </Form>
      </Spin>
    </Drawer>
  )
}

export default function PolicyListView({ lang }: ViewProps) {
  const { t } = useTranslation()
  const q = useTableList<AdminPolicyRow>(listPolicies)
  const [editing, setEditing] = useState<{ id: number | null } | null>(null)
  const [rulesOf, setRulesOf] = useState<{ id: number; title: string } | null>(null)


  return (
    <Card title={t('adm.cms.policy.title')}>
      <CmsToolbar
        testId="cms-policy"
        list={q}
        extra={
          <>
            <AddButton label={t('adm.cms.policy.add')} onClick={() => setEditing({ id: null })} testId="cms-policy-add" />
            <FilterSelect list={q} name="level" all={t('adm.cms.policy.allLevels')} width={160} options={LEVELS.map((l) => ({ value: l, label: t(`adm.cms.policy.levels.${l}`) }))} />
          </>
        }
      />
      <ListTable<AdminPolicyRow>
        list={q}
        sort={CMS_SORT}
        data-testid="cms-policy-table"
        columns={[
          { title: t('adm.table.id'), dataIndex: 'id', key: 'id', width: 72, sorter: true },
          { title: t('adm.cms.field.title'), render: (_, r) => pick(lang, r.titleZh, r.titleEn) },
          { title: t('adm.cms.policy.level'), dataIndex: 'level', width: 100, render: (l) => t(`adm.cms.policy.levels.${l}`) },
          { title: t('adm.cms.policy.city'), width: 110, render: (_, r) => pick(lang, r.cityZh, r.cityEn) || '—' },
          { title: t('adm.cms.rule.count'), dataIndex: 'ruleCount', width: 90 },
          { title: t('adm.table.status'), dataIndex: 'status', width: 100, render: (s) => <StatusTag status={s} /> },
          { title: t('adm.cms.field.publishedAt'), dataIndex: 'publishedAt', key: 'publishedAt', width: 140, sorter: true, render: (v) => formatTime(v) },
          {
            title: t('adm.table.actions'),
            width: 230,
            render: (_, r) => (
              <Space size={0} wrap>
                <Permission name="edit">
                  <RowLink onClick={() => setEditing({ id: r.id })} data-testid={`cms-policy-edit-${r.id}`}>
                    {t('adm.cms.edit')}
                  </RowLink>
                </Permission>
                <RowLink onClick={() => setRulesOf({ id: r.id, title: pick(lang, r.titleZh, r.titleEn) })} data-testid={`cms-policy-rules-${r.id}`}>
                  {t('adm.cms.rule.open')}
                </RowLink>
                <PublishButton api={policies} id={r.id} status={r.status} onChanged={q.reload} testId={`cms-policy-publish-${r.id}`} />
                <DeleteButton api={policies} id={r.id} onDeleted={q.reload} />
              </Space>
            ),
          },
        ]}
      />
      <PolicyDrawer
        id={editing?.id ?? null}
        open={!!editing}
        lang={lang}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null)
          q.reload()
        }}
      />
      <PolicyRulesDrawer policy={rulesOf} lang={lang} onClose={() => setRulesOf(null)} onChanged={q.reload} />
    </Card>
  )
}
