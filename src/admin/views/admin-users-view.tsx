/**
 * 'system/user/list': admin users (GET /system/user/list/auser). Disable/lock actions call
 * POST /system/user/update/auser/status and are shown only with the route's 'forbid' button permission.
 */
import React from 'react'
import { Button, Card, Popconfirm, Space, Table, Tag } from 'antd'
import { useTranslation } from 'react-i18next'
import { request } from '../../shared/api/request'
import { getUserInfo } from '../../shared/storage'
import { Permission } from '../core/permission'
import { feedback } from '../core/feedback'
import { ListToolbar, formatTime } from './list-toolbar'
import { usePageQuery } from './use-page-query'
import type { ViewProps } from './registry'

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

type Patch = { forbidden?: boolean; locked?: boolean }

function RowActions({ row, onUpdate }: { row: AdminUserRow; onUpdate: (row: AdminUserRow, patch: Patch) => Promise<void> }) {
  const { t } = useTranslation()
  return (
    <Space size={4}>
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
    </Space>
  )
}

export default function AdminUsersView({ lang }: ViewProps) {
  const { t } = useTranslation()
  const q = usePageQuery<AdminUserRow>('/system/user/list/auser')
  const me = getUserInfo()

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

  return (
    <Card>
      <ListToolbar onSearch={q.search} />
      <Table<AdminUserRow>
        rowKey="id"
        loading={q.loading}
        dataSource={q.data.list}
        pagination={q.pagination}
        columns={[
          { title: t('adm.table.id'), dataIndex: 'id', width: 80 },
          { title: t('adm.table.email'), dataIndex: 'email' },
          { title: t('adm.table.nickName'), dataIndex: 'nickName' },
          { title: t('adm.table.roles'), key: 'roles', render: (_, row) => pick(row.roleNameZh, row.roleNameEn, lang) },
          {
            title: t('adm.table.organization'),
            key: 'org',
            render: (_, row) => (row.organizationNameZh || row.organizationNameEn ? pick(row.organizationNameZh, row.organizationNameEn, lang) : '—'),
          },
          { title: t('adm.table.status'), key: 'status', render: (_, row) => <StatusTags row={row} /> },
          { title: t('adm.table.createdAt'), dataIndex: 'createdAt', width: 170, render: (v) => <span style={{ whiteSpace: 'nowrap' }}>{formatTime(v)}</span> },
          {
            title: t('adm.table.actions'),
            key: 'actions',
            width: 200,
            render: (_, row) => (
              <Permission name="forbid">
                {/* one's own account is not disabled or locked from this list */}
                {row.userId !== undefined && row.userId === me?.id ? null : <RowActions row={row} onUpdate={update} />}
              </Permission>
            ),
          },
        ]}
      />
    </Card>
  )
}
