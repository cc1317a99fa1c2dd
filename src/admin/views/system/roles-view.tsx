/**
 * 'system/role/list': roles, paged, searchable and sortable (GET /system/role/page); add/edit a role
 * (POST /system/role/add|update), delete (DELETE /system/role/delete?id=, refused while accounts use
 * it) and the permission editor: a checkable tree of every menu with its buttons (GET /system/menu/tree)
 * saved as menuIds + buttonIds. Users of the role see the change on their next request.
 */
import React, { useEffect, useMemo, useState } from 'react'
import { Button, Card, Form, Input, Radio, Space, Tag, Tree, Typography } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import type { RoleListItem, RoleSaveBody } from '@contracts/admin-system'
import { deleteRole, listRoles, menuTree, roleDetail, saveRole } from '../../api/system'
import { Permission, usePermission } from '../../core/permission'
import { feedback } from '../../core/feedback'
import { useTableList } from '../common/use-table-list'
import { useBusy } from '../common/use-busy'
import { ListTable } from '../common/list-table'
import { KeywordSearch, ListToolbar } from '../common/list-toolbar'
import { ConfirmLink, RowLink } from '../common/row-actions'
import { formatTime } from '../common/format'
import { FormDrawer } from '../common/form-dialogs'
import { buildPermissionTree, fromKeys, toKeys, togglePermission, type PermMenu, type PermNode } from './permission-tree'
import { BilingualFields, SystemFormModal, useEditDialog } from './form-modal'
import type { ViewProps } from '../view-props'

const BUILT_IN = ['operations', 'organizer', 'kefu']

export default function RolesView({ lang }: ViewProps) {
  const { t } = useTranslation()
  const q = useTableList<RoleListItem>(listRoles)
  const dialog = useEditDialog<{ id?: number; code?: string }, RoleSaveBody>()
  const editing = dialog.editing
  const [permRole, setPermRole] = useState<RoleListItem | null>(null)
  const [menus, setMenus] = useState<PermMenu[]>([])
  const [checked, setChecked] = useState<string[]>([])
  const [saving, whileSaving] = useBusy()
  const canEdit = usePermission('edit')
  const canDelete = usePermission('delete')

  const tree = useMemo(() => buildPermissionTree(menus, lang), [menus, lang])

  useEffect(() => {
    if (!permRole) return
    menuTree()
      .then((env) => env.code === 200 && Array.isArray(env.result) && setMenus(env.result))
      .catch((e) => console.warn('[admin] menu tree failed', e))
    roleDetail(permRole.id)
      .then((env) => env.code === 200 && env.result && setChecked(toKeys(env.result.menuIds, env.result.buttonIds)))
      .catch((e) => console.warn('[admin] role detail failed', e))
  }, [permRole])

  const openForm = (row?: RoleListItem) =>
    row ? dialog.open({ id: row.id, code: row.code }, { code: row.code, nameZh: row.nameZh, nameEn: row.nameEn, brief: row.brief, dataScope: row.dataScope }) : dialog.open({}, { dataScope: 'all' })

  const save = async () => {
    const values = await dialog.form.validateFields()
    await whileSaving(async () => {
      const env = await saveRole(editing?.id ? { ...values, id: editing.id } : values)
      if (env.code === 200) {
        feedback().success(t('adm.system.common.saved'))
        dialog.close()
        q.reload()
      }
    })
  }

  const savePermissions = async () => {
    if (!permRole) return
    await whileSaving(async () => {
      const env = await saveRole({ id: permRole.id, ...fromKeys(checked) })
      if (env.code === 200) {
        feedback().success(t('adm.system.role.permissionsSaved'))
        setPermRole(null)
        q.reload()
      }
    })
  }

  const remove = async (row: RoleListItem) => {
    const env = await deleteRole(row.id)
    if (env.code === 200) {
      feedback().success(t('adm.system.common.deleted'))
      q.reload()
    }
  }

  const renderNode = (n: PermNode) => (
    <span data-testid={`sys-perm-${n.kind === 'menu' ? `m-${n.code}` : `b-${n.key}`}`}>
      {n.kind === 'button' ? <Tag color="geekblue">{n.title}</Tag> : n.title}
      {n.kind === 'menu' ? <Typography.Text type="secondary"> {n.code}</Typography.Text> : null}
    </span>
  )

  return (
    <Card title={t('adm.system.role.title')}>
      <ListToolbar
        actions={
          <Permission name="add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm()} data-testid="sys-role-add">
              {t('adm.system.role.add')}
            </Button>
          </Permission>
        }
      >
        <KeywordSearch placeholder={t('adm.system.role.keyword')} list={q} testId="sys-role-search" />
      </ListToolbar>
      <ListTable<RoleListItem>
        list={q}
        columns={[
          { title: t('adm.table.id'), dataIndex: 'id', key: 'id', width: 80, sorter: true },
          { title: t('adm.role.name'), key: 'nameZh', sorter: true, render: (_, r) => <span data-testid={`sys-role-row-${r.code}`}>{lang === 'zh' ? r.nameZh : r.nameEn}</span> },
          { title: t('adm.role.code'), dataIndex: 'code', key: 'code', sorter: true, render: (v) => <Tag>{v}</Tag> },
          {
            title: t('adm.system.role.dataScope'),
            dataIndex: 'dataScope',
            render: (v) => (v === 'org' ? <Tag color="orange">{t('adm.system.role.scopeOrg')}</Tag> : <Tag color="blue">{t('adm.system.role.scopeAll')}</Tag>),
          },
          { title: t('adm.role.brief'), dataIndex: 'brief', ellipsis: true, render: (v) => v || '—' },
          { title: t('adm.role.menus'), key: 'menus', width: 90, render: (_, r) => r.menuIds.length },
          { title: t('adm.role.users'), dataIndex: 'userCount', width: 90 },
          { title: t('adm.table.createdAt'), dataIndex: 'createdAt', key: 'createdAt', sorter: true, width: 170, render: (v) => formatTime(v) },
          {
            title: t('adm.system.common.actions'),
            key: 'actions',
            width: 230,
            render: (_, r) => (
              <Space size={0}>
                {canEdit ? (
                  <>
                    <RowLink onClick={() => openForm(r)} data-testid={`sys-role-edit-${r.code}`}>
                      {t('adm.system.common.edit')}
                    </RowLink>
                    <RowLink onClick={() => setPermRole(r)} data-testid={`sys-role-perm-${r.code}`}>
                      {t('adm.system.role.permissions')}
                    </RowLink>
                  </>
                ) : null}
                {canDelete && !BUILT_IN.includes(r.code) ? (
                  <ConfirmLink confirm={t('adm.system.role.confirmDelete')} onConfirm={() => remove(r)} data-testid={`sys-role-delete-${r.code}`}>
                    {t('adm.system.common.delete')}
                  </ConfirmLink>
                ) : null}
              </Space>
            ),
          },
        ]}
      />

      <SystemFormModal
        dialog={dialog}
        title={editing?.id ? t('adm.system.role.edit') : t('adm.system.role.add')}
        onOk={() => void save()}
        saving={saving}
        saveTestId="sys-role-save"
      >
        <BilingualFields names={['nameZh', 'nameEn']} labels={[t('adm.system.role.nameZh'), t('adm.system.role.nameEn')]} max={[50, 100]} testId="sys-role-name" />
        <Form.Item name="code" label={t('adm.role.code')} extra={t('adm.system.role.codeHint')} rules={[{ required: true, pattern: /^[a-z][a-z0-9_-]{1,39}$/, message: t('adm.system.role.codeInvalid') }]}>
          <Input maxLength={40} disabled={!!editing?.code && BUILT_IN.includes(editing.code)} data-testid="sys-role-code" />
        </Form.Item>
        <Form.Item name="dataScope" label={t('adm.system.role.dataScope')} extra={t('adm.system.role.dataScopeHint')}>
          <Radio.Group
            options={[
              { value: 'all', label: t('adm.system.role.scopeAll') },
              { value: 'org', label: t('adm.system.role.scopeOrg') },
            ]}
          />
        </Form.Item>
        <Form.Item name="brief" label={t('adm.role.brief')}>
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
      </SystemFormModal>

      <FormDrawer
        open={!!permRole}
        size={560}
        title={permRole ? t('adm.system.role.permissionsOf', { name: lang === 'zh' ? permRole.nameZh : permRole.nameEn }) : ''}
        onClose={() => setPermRole(null)}
        cancel={false}
        onSave={() => void savePermissions()}
        saving={saving}
        saveTestId="sys-perm-save"
      >
        <Typography.Paragraph type="secondary">{t('adm.system.role.permissionsHint')}</Typography.Paragraph>
        {tree.nodes.length ? (
          <Tree<PermNode>
            checkable
            checkStrictly
            selectable={false}
            defaultExpandAll
            treeData={tree.nodes as any}
            checkedKeys={checked}
            titleRender={renderNode}
            onCheck={(_keys, info) => setChecked((c) => togglePermission(c, String(info.node.key), info.checked, tree.index))}
            data-testid="sys-perm-tree"
          />
        ) : null}
      </FormDrawer>
    </Card>
  )
}
