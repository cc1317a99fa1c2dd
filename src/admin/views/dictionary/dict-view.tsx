/**
 * 'system/dict/list': dictionary types (left) and the options of the selected type (right). Types and
 * options share one add/update payload told apart by `kind` (src/shared/contracts/admin-dictionary.ts).
 * The professional-field options edited here are the subscription dialog's categories.
 */
import React, { useState } from 'react'
import { Button, Card, Col, Form, Input, InputNumber, Row, Space, Switch, Tag, Tooltip } from 'antd'
import { useTranslation } from 'react-i18next'
import type { DictItemRow, DictSaveBody, DictTypeRow } from '@contracts/admin-dictionary'
import { deleteDict, listDictItems, listDictTypes, saveDict, sortDictItems, updateDictItem } from '../../api/dictionary'
import { Permission, usePermission } from '../../core/permission'
import { feedback } from '../../core/feedback'
import { useTableList } from '../common/use-table-list'
import { useBusy } from '../common/use-busy'
import { ListTable } from '../common/list-table'
import { ConfirmLink, RowLink } from '../common/row-actions'
import { nameIn } from '../common/bilingual'
import { FormModal } from '../common/form-dialogs'
import type { ViewProps } from '../view-props'
import { DeleteLink, EditLink, NameFields, SearchBox } from './dict-parts'

type Editing = { kind: 'type'; row?: DictTypeRow } | { kind: 'item'; row?: DictItemRow }

export default function DictView({ lang }: ViewProps) {
  const { t } = useTranslation()
  const canEdit = usePermission('edit')
  const canSort = usePermission('sort')
  const types = useTableList<DictTypeRow>(listDictTypes)
  const [selected, setSelected] = useState<DictTypeRow | null>(null)
  const items = useTableList<DictItemRow>(selected ? listDictItems : null, {}, 50)
  const [editing, setEditing] = useState<Editing | null>(null)
  const [saving, whileSaving] = useBusy()
  const [form] = Form.useForm()

  const select = (row: DictTypeRow) => {
    setSelected(row)
    items.setFilters({ typeCode: row.code, keyword: undefined, sortField: undefined, sortOrder: undefined })
  }

  const openEdit = (e: Editing) => setEditing(e)
  const initial = !editing
    ? {}
    : editing.kind === 'type'
      ? editing.row ? { code: editing.row.code, nameZh: editing.row.nameZh, nameEn: editing.row.nameEn } : {}
      : editing.row
        ? { code: editing.row.code, nameZh: editing.row.nameZh, nameEn: editing.row.nameEn, internationalizeKey: editing.row.internationalizeKey ?? '', sort: editing.row.sort, status: !!editing.row.status }
        : { status: true }

  const save = async () => {
    if (!editing) return
    const v = await form.validateFields()
    const body: DictSaveBody =
      editing.kind === 'type'
        ? { kind: 'type', id: editing.row?.id, code: v.code, nameZh: v.nameZh, nameEn: v.nameEn }
        : {
            kind: 'item',
            id: editing.row?.id,
            typeCode: selected!.code,
            code: v.code,
            nameZh: v.nameZh,
            nameEn: v.nameEn,
            internationalizeKey: v.internationalizeKey || null,
            ...(typeof v.sort === 'number' ? { sort: v.sort } : {}),
            status: v.status ? 1 : 0,
          }
    await whileSaving(async () => {
      const env = await saveDict(body)
      if (env.code !== 200) return
      feedback().success(t('adm.dictionary.saved'))
      setEditing(null)
      if (editing.kind === 'type') {
        types.reload()
        if (selected && editing.row?.id === selected.id) setSelected({ ...selected, nameZh: v.nameZh, nameEn: v.nameEn })
      } else {
        items.reload()
        types.reload()
      }
    })
  }

  const remove = async (kind: 'type' | 'item', id: number) => {
    const env = await deleteDict(kind, id)
    if (env.code !== 200) return
    feedback().success(t('adm.dictionary.deleted'))
    types.reload()
    if (kind === 'item') items.reload()
    else if (selected?.id === id) setSelected(null)
  }

  const toggle = async (row: DictItemRow, on: boolean) => {
    const env = await updateDictItem({ id: row.id, nameZh: row.nameZh, nameEn: row.nameEn, status: on ? 1 : 0 })
    if (env.code === 200) items.reload()
  }

  /** move within the shown page: the page's ids in their new order take the slots they had */
  const move = async (index: number, delta: -1 | 1) => {
    const list = items.data.list
    const to = index + delta
    if (!selected || to < 0 || to >= list.length) return
    const ids = list.map((r) => r.id)
    ;[ids[index], ids[to]] = [ids[to], ids[index]]
    const env = await sortDictItems(selected.code, ids)
    if (env.code === 200) items.reload()
  }
  const byOrder = !items.filters.sortField || items.filters.sortField === 'sort'

  return (
    <Row gutter={16} data-testid="dict-view">
      <Col span={8}>
        <Card
          title={t('adm.dictionary.types')}
          extra={
            <Permission name="add">
              <Button type="primary" onClick={() => openEdit({ kind: 'type' })} data-testid="dict-type-add">
                {t('adm.dictionary.addType')}
              </Button>
            </Permission>
          }
        >
          <div style={{ marginBottom: 12 }}>
            <SearchBox placeholder={t('adm.dictionary.typeKeyword')} onSearch={(k) => types.setFilters({ keyword: k || undefined })} testId="dict-type-search" />
          </div>
          <ListTable<DictTypeRow>
            list={types}
            size="small"
            scroll={{ x: 'max-content' }}
            onRow={(row) => ({ onClick: () => select(row), style: { cursor: 'pointer' }, 'data-testid': `dict-type-row-${row.code}` }) as React.HTMLAttributes<HTMLElement>}
            rowClassName={(row) => (row.id === selected?.id ? 'ant-table-row-selected' : '')}
            columns={[
              {
                title: t('adm.dictionary.type'),
                dataIndex: 'code',
                key: 'code',
                sorter: true,
                render: (v, r) => (
                  <div>
                    <div style={{ fontWeight: 500 }}>
                      {nameIn(r, lang)} {r.system ? <Tag color="blue" style={{ marginInlineStart: 4 }}>{t('adm.dictionary.system')}</Tag> : null}
                    </div>
                    <code style={{ color: '#888', fontSize: 12 }}>{v}</code>
                  </div>
                ),
              },
              { title: <span style={{ whiteSpace: 'nowrap' }}>{t('adm.dictionary.itemCount')}</span>, dataIndex: 'itemCount', width: 60, align: 'right' },
              {
                title: t('adm.table.actions'),
                key: 'actions',
                width: 100,
                render: (_, r) => (
                  <Space size={0} style={{ whiteSpace: 'nowrap' }} onClick={(e) => e.stopPropagation()}>
                    <EditLink onClick={() => openEdit({ kind: 'type', row: r })} testId={`dict-type-edit-${r.code}`} />
                    <Permission name="delete">
                      {r.system || r.itemCount > 0 ? (
                        <Tooltip title={r.system ? t('adm.dictionary.systemHint') : t('adm.dictionary.hasItemsHint')}>
                          <RowLink disabled>{t('adm.dictionary.delete')}</RowLink>
                        </Tooltip>
                      ) : (
                        <ConfirmLink confirm={t('adm.dictionary.confirmDelete')} onConfirm={() => remove('type', r.id)} data-testid={`dict-type-delete-${r.code}`}>
                          {t('adm.dictionary.delete')}
                        </ConfirmLink>
                      )}
                    </Permission>
                  </Space>
                ),
              },
            ]}
          />
        </Card>
      </Col>
      <Col span={16}>
        <Card
          title={selected ? `${t('adm.dictionary.items')} · ${nameIn(selected, lang)} (${selected.code})` : t('adm.dictionary.items')}
          extra={
            selected ? (
              <Permission name="add">
                <Button type="primary" onClick={() => openEdit({ kind: 'item' })} data-testid="dict-item-add">
                  {t('adm.dictionary.addItem')}
                </Button>
              </Permission>
            ) : null
          }
        >
          {selected ? (
            <>
              <div style={{ marginBottom: 12 }}>
                <SearchBox placeholder={t('adm.dictionary.itemKeyword')} onSearch={(k) => items.setFilters({ keyword: k || undefined })} testId="dict-item-search" />
              </div>
              <ListTable<DictItemRow>
                list={items}
                size="small"
                scroll={{ x: 'max-content' }}
                onRow={(row) => ({ 'data-testid': `dict-item-row-${row.code}` }) as React.HTMLAttributes<HTMLElement>}
                columns={[
                  { title: t('adm.dictionary.code'), dataIndex: 'code', key: 'code', sorter: true, render: (v) => <code style={{ whiteSpace: 'nowrap' }}>{v}</code> },
                  {
                    title: t('adm.dictionary.name'),
                    key: lang === 'zh' ? 'nameZh' : 'nameEn',
                    sorter: true,
                    render: (_, r) => (
                      // the i18n key is in the tooltip and the edit form: a long key would widen the table past the card
                      <div style={{ minWidth: 120 }} title={r.internationalizeKey ?? undefined}>
                        <div>{lang === 'zh' ? r.nameZh : r.nameEn}</div>
                        <div style={{ color: '#888', fontSize: 12 }}>{lang === 'zh' ? r.nameEn : r.nameZh}</div>
                      </div>
                    ),
                  },
                  { title: <span style={{ whiteSpace: 'nowrap' }}>{t('adm.dictionary.sort')}</span>, dataIndex: 'sort', key: 'sort', sorter: true, width: 80 },
                  {
                    title: <span style={{ whiteSpace: 'nowrap' }}>{t('adm.dictionary.enabled')}</span>,
                    dataIndex: 'status',
                    width: 80,
                    render: (v, r) => <Switch size="small" checked={!!v} disabled={!canEdit} onChange={(on) => void toggle(r, on)} data-testid={`dict-item-status-${r.code}`} />,
                  },
                  {
                    title: t('adm.table.actions'),
                    key: 'actions',
                    width: 180,
                    render: (_, r, index) => (
                      <Space size={0} style={{ whiteSpace: 'nowrap' }}>
                        {canSort && byOrder ? (
                          <>
                            <Button size="small" type="text" disabled={index === 0} onClick={() => void move(index, -1)} aria-label={t('adm.dictionary.up')} data-testid={`dict-item-up-${r.code}`}>
                              ↑
                            </Button>
                            <Button size="small" type="text" disabled={index === items.data.list.length - 1} onClick={() => void move(index, 1)} aria-label={t('adm.dictionary.down')} data-testid={`dict-item-down-${r.code}`}>
                              ↓
                            </Button>
                          </>
                        ) : null}
                        <EditLink onClick={() => openEdit({ kind: 'item', row: r })} testId={`dict-item-edit-${r.code}`} />
                        <DeleteLink confirm={t('adm.dictionary.confirmDeleteItem')} onConfirm={() => remove('item', r.id)} testId={`dict-item-delete-${r.code}`} />
                      </Space>
                    ),
                  },
                ]}
              />
            </>
          ) : (
            <div style={{ color: '#999', padding: '48px 0', textAlign: 'center' }}>{t('adm.dictionary.pickType')}</div>
          )}
        </Card>
      </Col>
      <FormModal
        open={!!editing}
        title={
          editing?.kind === 'type'
            ? editing.row ? t('adm.dictionary.editType') : t('adm.dictionary.addType')
            : editing?.row ? t('adm.dictionary.editItem') : t('adm.dictionary.addItem')
        }
        saving={saving}
        onSave={() => void save()}
        onCancel={() => setEditing(null)}
        destroyOnHidden
        saveTestId="dict-save"
      >
        <Form form={form} layout="vertical" preserve={false} initialValues={initial} key={editing ? `${editing.kind}-${editing.row?.id ?? 'new'}` : 'none'}>
          <Form.Item
            name="code"
            label={t('adm.dictionary.code')}
            extra={editing?.row ? t('adm.dictionary.codeFixed') : t('adm.dictionary.codeHint')}
            rules={[{ required: true, pattern: /^[A-Za-z0-9_-]{1,50}$/, message: t('adm.dictionary.codeRule') }]}
          >
            <Input disabled={!!editing?.row} data-testid="dict-form-code" />
          </Form.Item>
          <NameFields testId="dict-form" />
          {editing?.kind === 'item' ? (
            <>
              <Form.Item name="internationalizeKey" label={t('adm.dictionary.i18nKey')} extra={t('adm.dictionary.i18nKeyHint')} rules={[{ pattern: /^[A-Za-z0-9_.-]{0,100}$/, message: t('adm.dictionary.codeRule') }]}>
                <Input data-testid="dict-form-i18n" />
              </Form.Item>
              <Space size={24}>
                <Form.Item name="sort" label={t('adm.dictionary.sort')} extra={editing.row ? undefined : t('adm.dictionary.sortHint')}>
                  <InputNumber min={0} max={1000000} data-testid="dict-form-sort" />
                </Form.Item>
                <Form.Item name="status" label={t('adm.dictionary.enabled')} valuePropName="checked">
                  <Switch data-testid="dict-form-status" />
                </Form.Item>
              </Space>
            </>
          ) : null}
        </Form>
      </FormModal>
    </Row>
  )
}
