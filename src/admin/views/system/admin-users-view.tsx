/**
 * 'system/user/list': admin-side accounts (GET /system/user/list/auser: paged, keyword, kind filter,
 * sortable). Create and edit in a modal (POST /system/user/add/auser, /system/user/update/auser; role
 * from /system/user/role/options, organisation from the department tree); forbid, lock and expiry call
 * POST /system/user/update/auser/status. Each action shows only with the route's button; one's own
 * account offers no forbid/lock/expiry (the server refuses them too).
 */
import React, { useEffect, useState } from 'react'
import { Button, Card, DatePicker, Form, Input, InputNumber, Popconfirm, Select, Space, Table, Tag, TreeSelect } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import dayjs, { type Dayjs } from 'dayjs'
import { useTranslation } from 'react-i18next'
import { request } from '../../../shared/api/request'
import { getUserInfo } from '../../../shared/storage'
import type { AdminAccountKind, AdminUserCreateResult } from '../../../shared/contracts/admin-system'
import { Permission, usePermission } from '../../core/permission'
import { feedback } from '../../core/feedback'
import { KeywordSearch, formatTime } from '../common/list-toolbar'
import { sortFilters, useFilteredList } from '../common/use-filtered-list'
import { useBusy } from '../common/use-busy'
import { SystemFormModal, useRequiredText } from './form-modal'
import type { ViewProps } from '../registry'

export const ADMIN_USER_STATUS_URL = '/system/user/update/auser/status'

export interface AdminUserRow {
  id: number
  userId?: number
  email: string
  nickName: string
  forbidden: boolean | number
  locked: boolean | number
  expired?: boolean | number
  expiresAt?: string | null
  kind?: string
  accountLevel?: number
  roleId?: number | null
  organizationId?: number | null
  roleNameZh?: string | null
  roleNameEn?: string | null
  organizationNameZh?: string | null
  organizationNameEn?: string | null
  createdAt?: string
}

export function StatusTags({ row }: { row: { forbidden?: unknown; locked?: unknown; expired?: unknown; expiresAt?: unknown } }) {
  const { t } = useTranslation()
  const expired = !!row.expired || (typeof row.expiresAt === 'string' && new Date(row.expiresAt).getTime() < Date.now())
  const tags: React.ReactNode[] = []
  if (row.forbidden) tags.push(<Tag color="red" key="f">{t('adm.table.forbidden')}</Tag>)
  if (row.locked) tags.push(<Tag color="orange" key="l">{t('adm.table.locked')}</Tag>)
  if (expired) tags.push(<Tag key="e">{t('adm.table.expired')}</Tag>)
  if (!tags.length) tags.push(<Tag color="green" key="n">{t('adm.table.normal')}</Tag>)
  return <>{tags}</>
}

function pick(zh: string | null | undefined, en: string | null | undefined, lang: 'zh' | 'en'): string {
  return (lang === 'zh' ? zh || en : en || zh) || '—'
}

type Patch = { forbidden?: boolean; locked?: boolean; expiresAt?: string | null }
interface RoleOption {
  id: number
  code: string
  nameZh: string
  nameEn: string
  dataScope: string
}
interface Dept {
  id: number
  nameZh: string
  nameEn: string
  children: Dept[]
}
interface AccountForm {
  email: string
  nickName: string
  password?: string
  kind: AdminAccountKind
  roleId: number
  organizationId?: number | null
  expiresAt?: Dayjs | null
  accountLevel?: number
}

const KINDS: AdminAccountKind[] = ['auser', 'ouser', 'kefu']

function deptOptions(list: Dept[], lang: 'zh' | 'en'): any[] {
  return list.map((d) => ({ value: d.id, title: pick(d.nameZh, d.nameEn, lang), children: d.children?.length ? deptOptions(d.children, lang) : undefined }))
}

function RowActions({ row, onUpdate }: { row: AdminUserRow; onUpdate: (row: AdminUserRow, patch: Patch) => Promise<void> }) {
  const { t } = useTranslation()
  const [expiry, setExpiry] = useState<Dayjs | null>(row.expiresAt ? dayjs(row.expiresAt) : null)
  return (
    <Space size={4} wrap>
      {row.forbidden ? (
        <Button size="small" type="link" onClick={() => void onUpdate(row, { forbidden: false })} data-testid="adm-user-unforbid">
          {t('adm.user.unforbid')}
        </Button>
      ) : (
        <Popconfirm title={t('adm.user.confirmForbid')} onConfirm={() => onUpdate(row, { forbidden: true })}>
          <Button size="small" type="link" danger data-testid="adm-user-forbid">
            {t('adm.user.forbid')}
          </Button>
        </Popconfirm>
      )}
      {row.locked ? (
        <Button size="small" type="link" onClick={() => void onUpdate(row, { locked: false })} data-testid="adm-user-unlock">
          {t('adm.user.unlock')}
        </Button>
      ) : (
        <Popconfirm title={t('adm.user.confirmLock')} onConfirm={() => onUpdate(row, { locked: true })}>
          <Button size="small" type="link" danger data-testid="adm-user-lock">
            {t('adm.user.lock')}
          </Button>
        </Popconfirm>
      )}
      <Popconfirm
        title={t('adm.system.user.setExpiry')}
        description={<DatePicker showTime value={expiry} onChange={(d) => setExpiry(d)} allowClear placeholder={t('adm.system.user.never')} />}
        onConfirm={() => onUpdate(row, { expiresAt: expiry ? expiry.toISOString() : null })}
      >
        <Button size="small" type="link" data-testid="adm-user-expiry">
          {t('adm.system.user.expiry')}
        </Button>
      </Popconfirm>
    </Space>
  )
}

export default function AdminUsersView({ lang }: ViewProps) {
  const { t } = useTranslation()
  const q = useFilteredList<AdminUserRow>('/system/user/list/auser')
  const me = getUserInfo()
  const [form] = Form.useForm<AccountForm>()
  const [editing, setEditing] = useState<AdminUserRow | 'new' | null>(null)
  const [roles, setRoles] = useState<RoleOption[]>([])
  const [depts, setDepts] = useState<Dept[]>([])
  const [saving, whileSaving] = useBusy()
  const canEdit = usePermission('edit')
  const required = useRequiredText()
  const kind = Form.useWatch('kind', form)

  useEffect(() => {
    if (!editing) return
    request<RoleOption[]>({ url: '/system/user/role/options', method: 'GET' })
      .then((env) => env.code === 200 && Array.isArray(env.result) && setRoles(env.result))
      .catch((e) => console.warn('[admin] role options failed', e))
    request<Dept[]>({ url: '/system/user/tree/department', method: 'GET' })
      .then((env) => env.code === 200 && Array.isArray(env.result) && setDepts(env.result))
      .catch((e) => console.warn('[admin] departments failed', e))
  }, [editing])

  const update = async (row: AdminUserRow, patch: Patch) => {
    try {
      const env = await request({ url: ADMIN_USER_STATUS_URL, method: 'POST', data: { id: row.id, ...patch } })
      if (env.code === 200) {
        feedback().success(t('adm.user.updated'))
        q.reload()
      }
    } catch (e) {
      console.warn('[admin] status update failed', e)
    }
  }

  const openForm = (row: AdminUserRow | 'new') => {
    setEditing(row)
    form.resetFields()
    if (row === 'new') form.setFieldsValue({ kind: 'auser', accountLevel: 1 })
    else
      form.setFieldsValue({
        email: row.email,
        nickName: row.nickName,
        kind: row.kind as AdminAccountKind,
        roleId: row.roleId ?? undefined,
        organizationId: row.organizationId ?? undefined,
        expiresAt: row.expiresAt ? dayjs(row.expiresAt) : null,
        accountLevel: row.accountLevel ?? 1,
      })
  }

  const save = async () => {
    const v = await form.validateFields()
    const common = {
      nickName: v.nickName.trim(),
      roleId: v.roleId,
      organizationId: v.organizationId ?? null,
      expiresAt: v.expiresAt ? v.expiresAt.toISOString() : null,
      accountLevel: v.accountLevel ?? 1,
    }
    await whileSaving(async () => {
      if (editing === 'new') {
        const env = await request<AdminUserCreateResult>({ url: '/system/user/add/auser', method: 'POST', data: { ...common, email: v.email.trim(), password: v.password, kind: v.kind } })
        if (env.code !== 200) return
        feedback().success(env.result?.newPerson === false ? t('adm.system.user.attached') : t('adm.system.user.created'))
      } else if (editing) {
        const isMe = editing.userId !== undefined && editing.userId === me?.id
        const data = isMe ? { id: editing.id, nickName: common.nickName, organizationId: common.organizationId, accountLevel: common.accountLevel } : { id: editing.id, ...common }
        const env = await request({ url: '/system/user/update/auser', method: 'POST', data })
        if (env.code !== 200) return
        feedback().success(t('adm.system.common.saved'))
      }
      setEditing(null)
      q.reload()
    })
  }

  const isNew = editing === 'new'
  const editingMe = editing !== 'new' && !!editing && editing.userId === me?.id

  return (
    <Card title={t('adm.system.user.title')}>
      <div style={{ display: 'flex', gap: 12, marginBottom: 16 }}>
        <Permission name="add">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm('new')} data-testid="sys-user-add">
            {t('adm.system.user.add')}
          </Button>
        </Permission>
        <Select
          style={{ width: 180, marginLeft: 'auto' }}
          allowClear
          placeholder={t('adm.system.user.allKinds')}
          options={KINDS.map((k) => ({ value: k, label: t(`adm.system.user.kinds.${k}`) }))}
          onChange={(v) => q.setFilters({ kind: v || undefined })}
          data-testid="sys-user-kind-filter"
        />
        <KeywordSearch placeholder={t('adm.table.keyword')} onKeyword={(keyword) => q.setFilters({ keyword })} testId="sys-user-search" />
      </div>
      <Table<AdminUserRow>
        rowKey="id"
        loading={q.loading}
        dataSource={q.data.list}
        pagination={q.pagination}
        scroll={{ x: 1460 }}
        onChange={(_p, _f, sorter) => q.setFilters(sortFilters(sorter))}
        columns={[
          { title: t('adm.table.id'), dataIndex: 'id', key: 'id', width: 70, sorter: true },
          { title: t('adm.table.email'), dataIndex: 'email', key: 'email', width: 220, sorter: true, render: (v) => <span data-testid={`sys-user-row-${v}`}>{v}</span> },
          { title: t('adm.table.nickName'), dataIndex: 'nickName', key: 'nickName', width: 170, sorter: true },
          { title: t('adm.system.user.kind'), dataIndex: 'kind', width: 110, render: (v) => <Tag>{t(`adm.system.user.kinds.${v}`, { defaultValue: v })}</Tag> },
          { title: t('adm.table.roles'), key: 'roles', width: 130, render: (_, row) => pick(row.roleNameZh, row.roleNameEn, lang) },
          {
            title: t('adm.table.organization'),
            key: 'org',
            width: 170,
            render: (_, row) => (row.organizationNameZh || row.organizationNameEn ? pick(row.organizationNameZh, row.organizationNameEn, lang) : '—'),
          },
          { title: t('adm.system.user.accountLevel'), dataIndex: 'accountLevel', key: 'accountLevel', width: 110, sorter: true },
          { title: t('adm.table.status'), key: 'status', width: 110, render: (_, row) => <StatusTags row={row} /> },
          { title: t('adm.system.user.expiresAt'), dataIndex: 'expiresAt', key: 'expiresAt', width: 160, sorter: true, render: (v) => (v ? formatTime(v) : t('adm.system.user.never')) },
          {
            title: t('adm.table.actions'),
            key: 'actions',
            width: 260,
            fixed: 'right',
            render: (_, row) => (
              <Space size={0} wrap>
                {canEdit ? (
                  <Button size="small" type="link" onClick={() => openForm(row)} data-testid={`sys-user-edit-${row.email}`}>
                    {t('adm.system.common.edit')}
                  </Button>
                ) : null}
                <Permission name="forbid">
                  {/* one's own account is not disabled, locked or expired from this list */}
                  {row.userId !== undefined && row.userId === me?.id ? null : <RowActions row={row} onUpdate={update} />}
                </Permission>
              </Space>
            ),
          },
        ]}
      />

      <SystemFormModal
        open={!!editing}
        title={isNew ? t('adm.system.user.add') : t('adm.system.user.edit')}
        form={form}
        onCancel={() => setEditing(null)}
        onOk={() => void save()}
        saving={saving}
        saveTestId="sys-user-save"
        width={620}
      >
        <Form.Item name="email" label={t('adm.table.email')} extra={isNew ? t('adm.system.user.emailHint') : undefined} rules={[{ required: true, type: 'email', message: t('adm.system.user.emailInvalid') }]}>
          <Input maxLength={254} disabled={!isNew} data-testid="sys-user-email" />
        </Form.Item>
        <Form.Item name="nickName" label={t('adm.table.nickName')} rules={required}>
          <Input maxLength={50} data-testid="sys-user-nick" />
        </Form.Item>
        {isNew ? (
          <Form.Item name="password" label={t('adm.system.user.password')} rules={[{ required: true, min: 6, message: t('adm.system.user.passwordShort') }]}>
            <Input.Password maxLength={128} autoComplete="new-password" data-testid="sys-user-password" />
          </Form.Item>
        ) : null}
        <Form.Item name="kind" label={t('adm.system.user.kind')} rules={[{ required: true }]}>
          <Select disabled={!isNew} options={KINDS.map((k) => ({ value: k, label: t(`adm.system.user.kinds.${k}`) }))} data-testid="sys-user-kind" />
        </Form.Item>
        <Form.Item name="roleId" label={t('adm.table.roles')} rules={[{ required: true, message: t('adm.system.common.required') }]}>
          <Select
            disabled={editingMe}
            data-testid="sys-user-role"
            showSearch
            optionFilterProp="label"
            options={roles.map((r) => ({ value: r.id, label: `${pick(r.nameZh, r.nameEn, lang)} (${r.code})` }))}
          />
        </Form.Item>
        <Form.Item
          name="organizationId"
          label={t('adm.table.organization')}
          rules={[{ required: kind === 'ouser', message: t('adm.system.user.organizationRequired') }]}
        >
          <TreeSelect allowClear treeDefaultExpandAll treeData={deptOptions(depts, lang)} data-testid="sys-user-org" />
        </Form.Item>
        <Form.Item name="expiresAt" label={t('adm.system.user.expiresAt')}>
          <DatePicker showTime disabled={editingMe} placeholder={t('adm.system.user.never')} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="accountLevel" label={t('adm.system.user.accountLevel')}>
          <InputNumber min={0} max={9} precision={0} />
        </Form.Item>
      </SystemFormModal>
    </Card>
  )
}
