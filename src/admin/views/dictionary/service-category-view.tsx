/**
 * 'system/service-category/list': the service-category tree (hb_service_category). Each category has a
 * service agent; a category answering a returning-home service (the footer's convenient entrances) is
 * "linked to business" and can be neither deleted (602) nor hidden (603). The server's refusal codes
 * (600/601/602/603/605/606/607/618) reach the user as the request layer's translated warning.
 */
import React, { useCallback, useEffect, useMemo, useState } from 'react'
import { Button, Card, Form, InputNumber, Select, Space, Switch, Table, Tag, TreeSelect } from 'antd'
import { useTranslation } from 'react-i18next'
import type { BusinessOption, ServiceAgent, ServiceCategoryBody, ServiceCategoryNode } from '@contracts/admin-dictionary'
import { categoryAgents, categoryBusiness, categoryTree, deleteCategory, saveCategory } from '../../api/dictionary'
import { Permission, usePermission } from '../../core/permission'
import { feedback } from '../../core/feedback'
import { useBusy } from '../common/use-busy'
import { pruneChildren } from '../common/tree'
import { useLoaded } from '../common/use-loaded'
import { FormModal } from '../common/form-dialogs'
import { nameIn } from '../common/bilingual'
import type { ViewProps } from '../view-props'
import { DeleteLink, EditLink, NameFields, SearchBox } from './dict-parts'

type Row = Omit<ServiceCategoryNode, 'children'> & { children?: Row[] }
const NO_AGENTS: ServiceAgent[] = []
type Editing = { row?: ServiceCategoryNode; pid: number }

function flatten(list: ServiceCategoryNode[], out: ServiceCategoryNode[] = []): ServiceCategoryNode[] {
  for (const n of list) {
    out.push(n)
    flatten(n.children, out)
  }
  return out
}

export default function ServiceCategoryView({ lang }: ViewProps) {
  const { t } = useTranslation()
  const canEdit = usePermission('edit')
  const [tree, setTree] = useState<ServiceCategoryNode[]>([])
  const [loading, setLoading] = useState(true)
  const [keyword, setKeyword] = useState('')
  const agents = useLoaded(categoryAgents) ?? NO_AGENTS
  const [business, setBusiness] = useState<BusinessOption[]>([])
  const [editing, setEditing] = useState<Editing | null>(null)
  const [saving, whileSaving] = useBusy()
  const [form] = Form.useForm()

  const load = useCallback(() => {
    setLoading(true)
    categoryTree(keyword)
      .then((env) => env.code === 200 && setTree(env.result.list))
      .catch((e) => console.warn('[admin] category tree failed', e))
      .finally(() => setLoading(false))
    categoryBusiness()
      .then((env) => env.code === 200 && setBusiness(env.result))
      .catch(() => undefined)
  }, [keyword])
  useEffect(load, [load])

  const all = useMemo(() => flatten(tree), [tree])
  const nameOf = (id: number | null) => {
    const n = id ? all.find((c) => c.id === id) : undefined
    return n ? nameIn(n, lang) : ''
  }
  const bizTitle = (link: string) => {
    const code = link.split(':')[1]
    const b = business.find((x) => x.bizCode === code)
    return b ? (lang === 'zh' ? b.titleZh : b.titleEn) || code : code
  }

  const parentTree = useMemo(() => {
    // a category cannot move under itself or its own subtree
    const skip = editing?.row?.id
    type Opt = { value: number; title: string; children: Opt[] }
    const map = (ns: ServiceCategoryNode[]): Opt[] =>
      ns.filter((n) => n.id !== skip).map((n) => ({ value: n.id, title: nameIn(n, lang), children: map(n.children) }))
    return [{ value: 0, title: t('adm.dictionary.category.root'), children: map(tree) }]
  }, [tree, editing, lang, t])

  const initial = editing
    ? editing.row
      ? {
          pid: editing.row.pid,
          nameZh: editing.row.nameZh,
          nameEn: editing.row.nameEn,
          sort: editing.row.sort,
          agentUserId: editing.row.agentUserId,
          visible: !editing.row.hidden,
          repatriationCodes: editing.row.links.filter((l) => l.startsWith('repatriation_service:')).map((l) => l.split(':')[1]),
        }
      : { pid: editing.pid, sort: 10, visible: true, repatriationCodes: [], agentUserId: agents[0]?.userId }
    : {}

  const save = async () => {
    if (!editing) return
    const v = await form.validateFields()
    const body: ServiceCategoryBody = {
      ...(editing.row ? { id: editing.row.id } : {}),
      pid: v.pid ?? 0,
      nameZh: v.nameZh ?? '',
      nameEn: v.nameEn ?? '',
      sort: typeof v.sort === 'number' ? v.sort : null,
      agentUserId: v.agentUserId ?? null,
      hidden: v.visible ? 0 : 1,
      repatriationCodes: v.repatriationCodes ?? [],
    }
    await whileSaving(async () => {
      const env = await saveCategory(body)
      if (env.code !== 200) return
      feedback().success(t('adm.dictionary.saved'))
      setEditing(null)
      load()
    })
  }

  const setVisible = async (row: Row, visible: boolean) => {
    const env = await saveCategory({ id: row.id, hidden: visible ? 0 : 1 })
    if (env.code === 200) load()
  }
  const remove = async (row: Row) => {
    const env = await deleteCategory(row.id)
    if (env.code !== 200) return
    feedback().success(t('adm.dictionary.deleted'))
    load()
  }

  return (
    <Card
      data-testid="service-category-view"
      title={t('adm.dictionary.category.title')}
      extra={
        <Space>
          <SearchBox placeholder={t('adm.dictionary.category.keyword')} onSearch={setKeyword} testId="category-search" />
          <Permission name="add">
            <Button type="primary" onClick={() => setEditing({ pid: 0 })} data-testid="category-add-root">
              {t('adm.dictionary.category.addRoot')}
            </Button>
          </Permission>
        </Space>
      }
    >
      <div style={{ color: '#888', marginBottom: 12 }}>{t('adm.dictionary.category.hint')}</div>
      {tree.length || !loading ? (
        <Table<Row>
          rowKey="id"
          loading={loading}
          dataSource={pruneChildren<Row>(tree)}
          pagination={false}
          expandable={{ defaultExpandAllRows: true }}
          key={keyword /* re-expand after a search */}
          onRow={(row) => ({ 'data-testid': `category-row-${row.id}` }) as React.HTMLAttributes<HTMLElement>}
          columns={[
            { title: t('adm.dictionary.category.name'), key: 'name', render: (_, r) => <span data-testid="category-name">{nameIn(r, lang)}</span> },
            { title: lang === 'zh' ? t('adm.dictionary.nameEn') : t('adm.dictionary.nameZh'), key: 'other', render: (_, r) => (lang === 'zh' ? r.nameEn : r.nameZh) },
            { title: t('adm.dictionary.category.agent'), key: 'agent', render: (_, r) => r.agentName ?? '—' },
            { title: t('adm.dictionary.sort'), dataIndex: 'sort', width: 80 },
            {
              title: t('adm.dictionary.category.visible'),
              key: 'visible',
              width: 90,
              render: (_, r) => <Switch size="small" checked={!r.hidden} disabled={!canEdit} onChange={(on) => void setVisible(r, on)} data-testid={`category-visible-${r.id}`} />,
            },
            {
              title: t('adm.dictionary.category.links'),
              key: 'links',
              render: (_, r) => (r.links.length ? r.links.map((l) => <Tag color="purple" key={l}>{bizTitle(l)}</Tag>) : '—'),
            },
            {
              title: t('adm.table.actions'),
              key: 'actions',
              width: 220,
              render: (_, r) => (
                <Space size={0}>
                  <Permission name="add">
                    <Button size="small" type="link" onClick={() => setEditing({ pid: r.id })} data-testid={`category-add-child-${r.id}`}>
                      {t('adm.dictionary.category.addChild')}
                    </Button>
                  </Permission>
                  <EditLink onClick={() => setEditing({ row: all.find((c) => c.id === r.id), pid: r.pid })} testId={`category-edit-${r.id}`} />
                  <DeleteLink confirm={t('adm.dictionary.confirmDelete')} onConfirm={() => remove(r)} testId={`category-delete-${r.id}`} />
                </Space>
              ),
            },
          ]}
        />
      ) : null}
      <FormModal
        open={!!editing}
        title={editing?.row ? t('adm.dictionary.category.edit') : t('adm.dictionary.category.add')}
        saving={saving}
        onSave={() => void save()}
        onCancel={() => setEditing(null)}
        destroyOnHidden
        width={560}
        saveTestId="category-save"
      >
        <Form form={form} layout="vertical" preserve={false} initialValues={initial} key={editing ? `${editing.row?.id ?? 'new'}-${editing.pid}` : 'none'}>
          <Form.Item name="pid" label={t('adm.dictionary.category.parent')}>
            <TreeSelect treeData={parentTree} treeDefaultExpandAll data-testid="category-form-parent" />
          </Form.Item>
          <NameFields testId="category-form" />
          <Space size={24} align="start">
            <Form.Item name="sort" label={t('adm.dictionary.sort')} rules={[{ required: true, message: t('adm.dictionary.category.sortRule') }]}>
              <InputNumber min={0} max={1000000} data-testid="category-form-sort" />
            </Form.Item>
            <Form.Item name="visible" label={t('adm.dictionary.category.visible')} valuePropName="checked">
              <Switch data-testid="category-form-visible" />
            </Form.Item>
          </Space>
          <Form.Item name="agentUserId" label={t('adm.dictionary.category.agent')} rules={[{ required: true, message: t('adm.dictionary.category.agentRule') }]}>
            <Select
              showSearch
              optionFilterProp="label"
              options={agents.map((a) => ({ value: a.userId, label: `${a.nickName} <${a.email}>` }))}
              data-testid="category-form-agent"
            />
          </Form.Item>
          <Form.Item name="repatriationCodes" label={t('adm.dictionary.category.links')} extra={t('adm.dictionary.category.linksHint')}>
            <Select
              mode="multiple"
              options={business.map((b) => ({
                value: b.bizCode,
                label:
                  ((lang === 'zh' ? b.titleZh : b.titleEn) || b.bizCode) +
                  (b.categoryId && b.categoryId !== editing?.row?.id ? ` (${t('adm.dictionary.category.answeredBy', { name: nameOf(b.categoryId) })})` : ''),
              }))}
              data-testid="category-form-links"
            />
          </Form.Item>
        </Form>
      </FormModal>
    </Card>
  )
}
