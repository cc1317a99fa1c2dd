/**
 * 'system/menu/list': the menu tree editor. Tree table of every menu (GET /system/menu/tree); add a
 * child, edit or delete a menu (POST /system/menu/add|update, DELETE /system/menu/delete?id=) and manage
 * each menu's buttons in a drawer (POST /system/menu/button/add|update, DELETE /system/menu/button/delete?id=).
 * Actions show only with the route's add/edit/delete buttons; the server refuses them otherwise.
 */
import React, { useCallback, useEffect, useMemo, useState } from 'react'
import { Button, Card, Drawer, Form, Input, InputNumber, Space, Table, Tag, TreeSelect, Typography } from 'antd'
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import type { MenuButtonSaveBody, MenuSaveBody, MenuTreeButton, MenuTreeNode } from '@contracts/admin-system'
import { deleteMenu, deleteMenuButton, menuTree, saveMenu as postMenu, saveMenuButton } from '../../api/system'
import type { Envelope } from '../../api/client'
import { titleIn } from '../../core/menu-routes'
import { Permission, usePermission } from '../../core/permission'
import { feedback } from '../../core/feedback'
import { findNode, pruneChildren } from '../common/tree'
import { ConfirmLink, RowLink } from '../common/row-actions'
import { BilingualFields, SystemFormModal, useEditDialog } from './form-modal'
import type { ViewProps } from '../view-props'

/** Parent choices for a menu: every menu except itself and its descendants (a menu cannot move below itself). */
export function parentOptions(list: MenuTreeNode[], lang: 'zh' | 'en', excludeId?: number): any[] {
  return list
    .filter((m) => m.id !== excludeId)
    .map((m) => ({ value: m.id, title: `${titleIn(m, lang)} (${m.path})`, children: m.children ? parentOptions(m.children, lang, excludeId) : undefined }))
}

const PATH_RULE = /^\/admin(\/[\w.:-]+)*\/?$/

export default function MenusView({ lang }: ViewProps) {
  const { t } = useTranslation()
  const [rows, setRows] = useState<MenuTreeNode[]>([])
  const [loading, setLoading] = useState(true)
  const menuDialog = useEditDialog<{ id?: number; initial: Partial<MenuSaveBody> }, MenuSaveBody>()
  const editing = menuDialog.editing
  const [buttonsOf, setButtonsOf] = useState<number | null>(null)
  const buttonDialog = useEditDialog<{ id?: number }, MenuButtonSaveBody>()
  const canAdd = usePermission('add')
  const canEdit = usePermission('edit')
  const canDelete = usePermission('delete')

  const load = useCallback(() => {
    setLoading(true)
    menuTree()
      .then((env) => {
        if (env.code === 200 && Array.isArray(env.result)) setRows(pruneChildren(env.result))
      })
      .catch((e) => console.warn('[admin] menu tree failed', e))
      .finally(() => setLoading(false))
  }, [])
  useEffect(load, [load])

  const menuForButtons = useMemo(() => (buttonsOf ? findNode(rows, buttonsOf) : null), [rows, buttonsOf])

  const openMenuForm = (initial: Partial<MenuSaveBody>, id?: number) => menuDialog.open({ id, initial }, { sort: 0, ...initial })

  /** a change answered: on success say so and reload the tree */
  const done = async (pending: Promise<Envelope<unknown>>) => {
    const env = await pending
    if (env.code !== 200) return false
    feedback().success(t('adm.system.common.saved'))
    load()
    return true
  }

  const saveMenu = async () => {
    const values = await menuDialog.form.validateFields()
    const body: MenuSaveBody = { ...values, redirect: values.redirect?.trim() || null, icon: values.icon?.trim() || null, sort: values.sort ?? 0 }
    if (await done(postMenu(editing?.id ? { ...body, id: editing.id } : body))) menuDialog.close()
  }

  const saveButton = async () => {
    const values = await buttonDialog.form.validateFields()
    const id = buttonDialog.editing?.id
    if (await done(saveMenuButton(id ? { ...values, id } : { ...values, menuId: buttonsOf ?? undefined }))) buttonDialog.close()
  }

  const openButtonForm = (initial: Partial<MenuButtonSaveBody>, id?: number) => buttonDialog.open({ id }, initial)

  return (
    <Card
      title={t('adm.system.menu.title')}
      extra={
        <Button icon={<ReloadOutlined />} onClick={load} data-testid="sys-menu-reload">
          {t('adm.system.common.refresh')}
        </Button>
      }
    >
      <Table<MenuTreeNode>
        rowKey="id"
        size="middle"
        loading={loading}
        dataSource={rows}
        pagination={false}
        expandable={{ defaultExpandAllRows: true }}
        key={rows.length ? 'loaded' : 'empty'}
        columns={[
          { title: t('adm.menu.title'), key: 'title', render: (_, r) => <span data-testid={`sys-menu-row-${r.name}`}>{titleIn(r, lang)}</span> },
          { title: t('adm.system.menu.name'), dataIndex: 'name', render: (v) => <Typography.Text code>{v}</Typography.Text> },
          { title: t('adm.menu.path'), dataIndex: 'path', render: (v) => <code>{v}</code> },
          { title: t('adm.menu.component'), dataIndex: 'component', render: (v) => <Tag>{v}</Tag> },
          { title: t('adm.menu.sort'), dataIndex: 'sort', width: 70 },
          {
            title: t('adm.menu.buttons'),
            key: 'buttons',
            render: (_, r) =>
              (r.buttonList || []).map((b) => (
                <Tag color="geekblue" key={b.id}>
                  {b.name} · {titleIn(b, lang)}
                </Tag>
              )),
          },
          {
            title: t('adm.system.common.actions'),
            key: 'actions',
            width: 250,
            render: (_, r) => (
              <Space size={0} wrap>
                {canAdd ? (
                  <RowLink icon={<PlusOutlined />} data-testid={`sys-menu-add-child-${r.name}`} onClick={() => openMenuForm({ pid: r.id, path: `${r.path.replace(/\/$/, '')}/` })}>
                    {t('adm.system.menu.addChild')}
                  </RowLink>
                ) : null}
                {canEdit ? (
                  <RowLink
                    data-testid={`sys-menu-edit-${r.name}`}
                    onClick={() => openMenuForm({ pid: r.pid, path: r.path, name: r.name, titleZh: r.titleZh, titleEn: r.titleEn, component: r.component, redirect: r.redirect, icon: r.icon, sort: r.sort }, r.id)}
                  >
                    {t('adm.system.common.edit')}
                  </RowLink>
                ) : null}
                <RowLink data-testid={`sys-menu-buttons-${r.name}`} onClick={() => setButtonsOf(r.id)}>
                  {t('adm.system.menu.buttons')}
                </RowLink>
                {canDelete && r.pid !== 0 ? (
                  <ConfirmLink confirm={t('adm.system.menu.confirmDelete')} onConfirm={() => done(deleteMenu(r.id))} data-testid={`sys-menu-delete-${r.name}`}>
                    {t('adm.system.common.delete')}
                  </ConfirmLink>
                ) : null}
              </Space>
            ),
          },
        ]}
      />

      <SystemFormModal
        dialog={menuDialog}
        title={editing?.id ? t('adm.system.menu.edit') : t('adm.system.menu.add')}
        onOk={() => void saveMenu()}
        saveTestId="sys-menu-save"
        width={640}
      >
        <Form.Item name="pid" label={t('adm.system.menu.parent')} rules={[{ required: true, message: t('adm.system.menu.parentRequired') }]}>
          <TreeSelect treeData={parentOptions(rows, lang, editing?.id)} treeDefaultExpandAll disabled={editing?.initial.pid === 0} data-testid="sys-menu-pid" />
        </Form.Item>
        <BilingualFields names={['titleZh', 'titleEn']} labels={[t('adm.system.menu.titleZh'), t('adm.system.menu.titleEn')]} max={[100, 200]} testId="sys-menu-title" />
        <Form.Item name="name" label={t('adm.system.menu.name')} extra={t('adm.system.menu.nameHint')} rules={[{ required: true, pattern: /^[A-Za-z][\w-]{0,63}$/, message: t('adm.system.menu.nameInvalid') }]}>
          <Input maxLength={64} data-testid="sys-menu-name" />
        </Form.Item>
        <Form.Item name="path" label={t('adm.menu.path')} rules={[{ required: true, pattern: PATH_RULE, message: t('adm.system.menu.pathInvalid') }]}>
          <Input maxLength={200} placeholder="/admin/..." data-testid="sys-menu-path" />
        </Form.Item>
        <Form.Item name="component" label={t('adm.menu.component')} extra={t('adm.system.menu.componentHint')} rules={[{ required: true, pattern: /^[\w./-]{1,100}$/, message: t('adm.system.common.required') }]}>
          <Input maxLength={100} data-testid="sys-menu-component" />
        </Form.Item>
        <Form.Item name="redirect" label={t('adm.system.menu.redirect')} rules={[{ pattern: PATH_RULE, message: t('adm.system.menu.pathInvalid') }]}>
          <Input maxLength={200} placeholder="/admin/..." />
        </Form.Item>
        <Form.Item name="icon" label={t('adm.system.menu.icon')}>
          <Input maxLength={60} placeholder="FileTextOutlined" />
        </Form.Item>
        <Form.Item name="sort" label={t('adm.menu.sort')}>
          <InputNumber min={-99999} max={99999} precision={0} />
        </Form.Item>
      </SystemFormModal>

      <Drawer
        open={!!buttonsOf}
        size={560}
        title={menuForButtons ? t('adm.system.menu.buttonsOf', { title: titleIn(menuForButtons, lang) }) : ''}
        onClose={() => setButtonsOf(null)}
        extra={
          <Permission name="add">
            <Button type="primary" icon={<PlusOutlined />} data-testid="sys-button-add" onClick={() => openButtonForm({})}>
              {t('adm.system.menu.addButton')}
            </Button>
          </Permission>
        }
      >
        <Table<MenuTreeButton>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={menuForButtons?.buttonList || []}
          columns={[
            { title: t('adm.system.menu.buttonName'), dataIndex: 'name', render: (v) => <Typography.Text code>{v}</Typography.Text> },
            { title: t('adm.system.menu.titleZh'), dataIndex: 'titleZh' },
            { title: t('adm.system.menu.titleEn'), dataIndex: 'titleEn' },
            {
              title: t('adm.system.common.actions'),
              key: 'a',
              render: (_, b) => (
                <Space size={0}>
                  {canEdit ? (
                    <RowLink onClick={() => openButtonForm({ name: b.name, titleZh: b.titleZh, titleEn: b.titleEn }, b.id)}>{t('adm.system.common.edit')}</RowLink>
                  ) : null}
                  {canDelete ? (
                    <ConfirmLink confirm={t('adm.system.menu.confirmDeleteButton')} onConfirm={() => done(deleteMenuButton(b.id))}>
                      {t('adm.system.common.delete')}
                    </ConfirmLink>
                  ) : null}
                </Space>
              ),
            },
          ]}
        />
      </Drawer>

      <SystemFormModal
        dialog={buttonDialog}
        title={buttonDialog.editing?.id ? t('adm.system.menu.editButton') : t('adm.system.menu.addButton')}
        onOk={() => void saveButton()}
        saveTestId="sys-button-save"
      >
        <Form.Item name="name" label={t('adm.system.menu.buttonName')} extra={t('adm.system.menu.buttonNameHint')} rules={[{ required: true, pattern: /^[A-Za-z][\w-]{0,39}$/, message: t('adm.system.menu.nameInvalid') }]}>
          <Input maxLength={40} data-testid="sys-button-name" />
        </Form.Item>
        <BilingualFields names={['titleZh', 'titleEn']} labels={[t('adm.system.menu.titleZh'), t('adm.system.menu.titleEn')]} max={[50, 100]} testId="sys-button-title" />
      </SystemFormModal>
    </Card>
  )
}
