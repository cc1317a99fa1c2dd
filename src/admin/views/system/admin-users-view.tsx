/**
 * 'system/user/list': admin-side accounts (GET /system/user/list/auser: paged, keyword, kind filter,
 * sortable). Create and edit in a modal (POST /system/user/add/auser, /system/user/update/auser; role
 * from /system/user/role/options, organisation from the department tree); forbid, lock and expiry call
 * POST /system/user/update/auser/status. Each action shows only with the route's button; one's own
 * account offers no forbid/lock/expiry (the server refuses them too).
 */
import React, { useEffect, useState } from 'react'
import { Button, Card, DatePicker, Form, Input, InputNumber, Popconfirm, Select, Space, Tag, TreeSelect } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import dayjs, { type Dayjs } from 'dayjs'
import { useTranslation } from 'react-i18next'
import { getUserInfo } from '../../../shared/storage'
import type { AdminAccountKind, AdminUserListItem, AdminUserStatusPatch, DepartmentNode, RoleOption } from '@contracts/admin-system'
import { addAdminUser, departmentTree, listAdminUsers, roleOptions, setAdminUserStatus, updateAdminUser } from '../../api/system'
import { Permission, usePermission } from '../../core/permission'
import { feedback } from '../../core/feedback'
import { useTableList } from '../common/use-table-list'
import { useBusy } from '../common/use-busy'
import { ListTable } from '../common/list-table'
import { FilterSelect, KeywordSearch, ListToolbar } from '../common/list-toolbar'
import { RowLink, ToggleLink } from '../common/row-actions'
import { formatTime } from '../common/format'
import { nameIn } from '../common/bilingual'
import { StatusTags } from './account-status'
import { SystemFormModal, useEditDialog, useRequiredText } from './form-modal'
import type { ViewProps } from '../view-props'

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

function deptOptions(list: DepartmentNode[], lang: 'zh' | 'en'): any[] {
  return list.map((d) => ({ value: d.id, title: nameIn(d, lang), children: d.children?.length ? deptOptions(d.children, lang) : undefined }))
}

/** forbid / lock (each asks first) and the expiry date of another person's account */
function RowActions({ row, onUpdate }: { row: AdminUserListItem; onUpdate: (row: AdminUserListItem, patch: AdminUserStatusPatch) => Promise<void> }) {
  const { t } = useTranslation()
  const [expiry, setExpiry] = useState<Dayjs | null>(row.expiresAt ? dayjs(row.expiresAt) : null)
  return (
    <Space size={4} wrap>
      <ToggleLink
        on={!!row.forbidden}
        onChange={(forbidden) => onUpdate(row, { forbidden })}
        confirm={t('adm.user.confirmForbid')}
        turnOn={t('adm.user.forbid')}
        turnOff={t('adm.user.unforbid')}
        onTestId="adm-user-forbid"
        offTestId="adm-user-unforbid"
      />
      <ToggleLink
        on={!!row.locked}
        onChange={(locked) => onUpdate(row, { locked })}
        confirm={t('adm.user.confirmLock')}
        turnOn={t('adm.user.lock')}
        turnOff={t('adm.user.unlock')}
        onTestId="adm-user-lock"
        offTestId="adm-user-unlock"
      />
      <Popconfirm
        title={t('adm.system.user.setExpiry')}
        description={<DatePicker showTime value={expiry} onChange={(d) => setExpiry(d)} allowClear placeholder={t('adm.system.user.never')} />}
        onConfirm={() => onUpdate(row, { expiresAt: expiry ? expiry.toISOString() : null })}
      >
        <RowLink data-testid="adm-user-expiry">{t('adm.system.user.expiry')}</RowLink>
      </Popconfirm>
    </Space>
  )
}

export default function AdminUsersView({ lang }: ViewProps) {
  const { t } = useTranslation()
  const q = useTableList<AdminUserListItem>(listAdminUsers)
  const me = getUserInfo()
  const dialog = useEditDialog<AdminUserListItem | 'new', AccountForm>()
  const { editing, form } = dialog
  const [roles, setRoles] = useState<RoleOption[]>([])
  const [depts, setDepts] = useState<DepartmentNode[]>([])
  const [saving, whileSaving] = useBusy()
  const canEdit = usePermission('edit')
  const required = useRequiredText()
  const kind = Form.useWatch('kind', form)

  useEffect(() => {
    if (!editing) return
    roleOptions()
      .then((env) => env.code === 200 && Array.isArray(env.result) && setRoles(env.result))
      .catch((e) => console.warn('[admin] role options failed', e))
    departmentTree()
      .then((env) => env.code === 200 && Array.isArray(env.result) && setDepts(env.result))
      .catch((e) => console.warn('[admin] departments failed', e))
  }, [editing])

  const update = async (row: AdminUserListItem, patch: AdminUserStatusPatch) => {
    try {
      const env = await setAdminUserStatus(row.id, patch)
      if (env.code === 200) {
        feedback().success(t('adm.user.updated'))
        q.reload()
      }
    } catch (e) {
      console.warn('[admin] status update failed', e)
    }
  }

  const openForm = (row: AdminUserListItem | 'new') =>
    dialog.open(
      row,
      row === 'new'
        ? { kind: 'auser', accountLevel: 1 }
        : {
            email: row.email,
            nickName: row.nickName,
            kind: row.kind as AdminAccountKind,
            roleId: row.roleId ?? undefined,
            organizationId: row.organizationId ?? undefined,
            expiresAt: row.expiresAt ? dayjs(row.expiresAt) : null,
            accountLevel: row.accountLevel ?? 1,
          },
    )

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
        const env = await addAdminUser({ ...common, email: v.email.trim(), password: v.password ?? '', kind: v.kind })
        if (env.code !== 200) return
        feedback().success(env.result?.newPerson === false ? t('adm.system.user.attached') : t('adm.system.user.created'))
      } else if (editing) {
        const isMe = editing.userId !== undefined && editing.userId === me?.id
        const data = isMe ? { id: editing.id, nickName: common.nickName, organizationId: common.organizationId, accountLevel: common.accountLevel } : { id: editing.id, ...common }
        const env = await updateAdminUser(data)
        if (env.code !== 200) return
        feedback().success(t('adm.system.common.saved'))
      }
      dialog.close()
      q.reload()
    })
  }

  const isNew = editing === 'new'
  const editingMe = editing !== 'new' && !!editing && editing.userId === me?.id

  return (
    <Card title={t('adm.system.user.title')}>
      <ListToolbar
        actions={
          <Permission name="add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm('new')} data-testid="sys-user-add">
              {t('adm.system.user.add')}
            </Button>
          </Permission>
        }
      >
        <FilterSelect list={q} name="kind" all={t('adm.system.user.allKinds')} width={180} options={KINDS.map((k) => ({ value: k, label: t(`adm.system.user.kinds.${k}`) }))} testId="sys-user-kind-filter" />
        <KeywordSearch list={q} testId="sys-user-search" />
      </ListToolbar>
      <ListTable<AdminUserListItem>
        list={q}
        scroll={{ x: 1460 }}
        columns={[
          { title: t('adm.table.id'), dataIndex: 'id', key: 'id', width: 70, sorter: true },
          { title: t('adm.table.email'), dataIndex: 'email', key: 'email', width: 220, sorter: true, render: (v) => <span data-testid={`sys-user-row-${v}`}>{v}</span> },
          { title: t('adm.table.nickName'), dataIndex: 'nickName', key: 'nickName', width: 170, sorter: true },
          { title: t('adm.system.user.kind'), dataIndex: 'kind', width: 110, render: (v) => <Tag>{t(`adm.system.user.kinds.${v}`, { defaultValue: v })}</Tag> },
          { title: t('adm.table.roles'), key: 'roles', width: 130, render: (_, row) => nameIn({ nameZh: row.roleNameZh, nameEn: row.roleNameEn }, lang) },
          {
            title: t('adm.table.organization'),
            key: 'org',
            width: 170,
            render: (_, row) => nameIn({ nameZh: row.organizationNameZh, nameEn: row.organizationNameEn }, lang),
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
                  <RowLink onClick={() => openForm(row)} data-testid={`sys-user-edit-${row.email}`}>
                    {t('adm.system.common.edit')}
                  </RowLink>
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
        dialog={dialog}
        title={isNew ? t('adm.system.user.add') : t('adm.system.user.edit')}
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
            options={roles.map((r) => ({ value: r.id, label: `${nameIn(r, lang)} (${r.code})` }))}
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
