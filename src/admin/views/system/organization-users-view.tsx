/**
 * 'system/ouser/list' (operations): organisations with their organizer accounts (paged, name search,
 * sortable); edit an organisation in a drawer (logo upload, website http(s), intro, rich content sanitized
 * by the server) and copy an organizer invitation link (/admin/admRegister?noReg=true&invite=<token>,
 * valid 7 days).
 */
import React, { useState } from 'react'
import { Card, Form, Input, Modal, Space, Tag, Typography } from 'antd'
import { LinkOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import type { OrganizationDetail, OrganizationEditBody, OrganizationInvite, OrganizationListItem } from '@contracts/admin-system'
import { editOrganization, inviteOrganizer, listOrganizations, organizationDetail } from '../../api/system'
import { usePermission } from '../../core/permission'
import { feedback } from '../../core/feedback'
import { ImageUpload } from '../../components/image-upload'
import { BilingualRichText } from '../../components/bilingual-rich-text'
import { useTableList } from '../common/use-table-list'
import { useBusy } from '../common/use-busy'
import { ListTable } from '../common/list-table'
import { FilterSelect, KeywordSearch, ListToolbar } from '../common/list-toolbar'
import { RowLink } from '../common/row-actions'
import { formatTime } from '../common/format'
import { FormDrawer } from '../common/form-dialogs'
import { pick } from '../common/bilingual'
import type { ViewProps } from '../view-props'
import { useRequiredText } from './form-modal'
import { OrganizationIntroFields } from './organization-fields'

export const WEBSITE_RULE = /^https?:\/\/[^\s/$.?#][^\s]*$/i

/** The absolute invitation URL on this host (the server answers a path). */
export function inviteUrl(link: string, origin: string): string {
  return `${origin.replace(/\/$/, '')}${link}`
}

export default function OrganizationUsersView({ lang }: ViewProps) {
  const { t } = useTranslation()
  const q = useTableList<OrganizationListItem>(listOrganizations)
  const [form] = Form.useForm<OrganizationEditBody>()
  const [editing, setEditing] = useState<OrganizationDetail | null>(null)
  const [saving, whileSaving] = useBusy()
  const [invite, setInvite] = useState<(OrganizationInvite & { url: string; name: string }) | null>(null)
  const canEdit = usePermission('edit')
  const canInvite = usePermission('invite')
  const required = useRequiredText()
  const name = (o: { nameZh: string; nameEn: string }) => pick(lang, o.nameZh, o.nameEn)

  const openEdit = async (row: OrganizationListItem) => {
    const env = await organizationDetail(row.id)
    if (env.code !== 200 || !env.result) return
    setEditing(env.result)
    form.resetFields()
    form.setFieldsValue(env.result)
  }

  const save = async () => {
    if (!editing) return
    const v = await form.validateFields()
    await whileSaving(async () => {
      const env = await editOrganization({
        id: editing.id,
        nameZh: v.nameZh?.trim(),
        nameEn: v.nameEn?.trim(),
        logoUrl: v.logoUrl || null,
        website: v.website?.trim() || null,
        introZh: v.introZh || null,
        introEn: v.introEn || null,
        contentZh: v.contentZh || '',
        contentEn: v.contentEn || '',
      })
      if (env.code === 200) {
        feedback().success(t('adm.system.common.saved'))
        setEditing(null)
        q.reload()
      }
    })
  }

  const makeInvite = async (row: OrganizationListItem) => {
    const env = await inviteOrganizer(row.id)
    if (env.code !== 200 || !env.result) return
    const url = inviteUrl(env.result.link, window.location.origin)
    setInvite({ ...env.result, url, name: name(row) })
    try {
      await navigator.clipboard?.writeText(url)
      feedback().success(t('adm.system.ouser.inviteCopied'))
    } catch {
      // clipboard refused (permissions, http): the dialog shows the link with its own copy button
    }
  }

  return (
    <Card title={t('adm.system.ouser.title')}>
      <ListToolbar>
        <FilterSelect
          list={q}
          name="kind"
          all={t('adm.system.ouser.allKinds')}
          width={180}
          options={(['organizer', 'place'] as const).map((k) => ({ value: k, label: t(`adm.system.ouser.kinds.${k}`) }))}
        />
        <KeywordSearch placeholder={t('adm.system.ouser.keyword')} list={q} testId="sys-ouser-search" />
      </ListToolbar>
      <ListTable<OrganizationListItem>
        list={q}
        columns={[
          { title: t('adm.table.id'), dataIndex: 'id', key: 'id', width: 70, sorter: true },
          {
            title: t('adm.system.ouser.name'),
            key: 'nameZh',
            sorter: true,
            render: (_, o) => (
              <Space>
                {o.logoUrl ? <img src={o.logoUrl} alt="" style={{ width: 28, height: 28, objectFit: 'contain' }} /> : null}
                <span data-testid={`sys-ouser-row-${o.id}`}>{name(o)}</span>
                {o.pid ? <Tag>{t('adm.system.ouser.department')}</Tag> : null}
              </Space>
            ),
          },
          { title: t('adm.system.ouser.kind'), dataIndex: 'kind', width: 110, render: (v) => <Tag>{t(`adm.system.ouser.kinds.${v}`, { defaultValue: v })}</Tag> },
          {
            title: t('adm.system.ouser.accounts'),
            key: 'accounts',
            render: (_, o) =>
              o.accounts.length ? (
                <Space size={[4, 4]} wrap>
                  {o.accounts.map((a) => (
                    <Tag key={a.accountId} color={a.forbidden || a.locked ? 'red' : 'blue'} title={a.nickName}>
                      {a.email}
                    </Tag>
                  ))}
                </Space>
              ) : (
                <Typography.Text type="secondary">{t('adm.system.ouser.noAccounts')}</Typography.Text>
              ),
          },
          {
            title: t('adm.org.website'),
            dataIndex: 'website',
            ellipsis: true,
            render: (v) => (v ? <a href={v} target="_blank" rel="noopener noreferrer">{v}</a> : '—'),
          },
          { title: t('adm.table.createdAt'), dataIndex: 'createdAt', key: 'createdAt', width: 160, sorter: true, render: (v) => formatTime(v) },
          {
            title: t('adm.system.common.actions'),
            key: 'actions',
            width: 220,
            render: (_, o) => (
              <Space size={0}>
                {canEdit ? (
                  <RowLink onClick={() => void openEdit(o)} data-testid={`sys-ouser-edit-${o.id}`}>
                    {t('adm.system.common.edit')}
                  </RowLink>
                ) : null}
                {canInvite ? (
                  <RowLink icon={<LinkOutlined />} onClick={() => void makeInvite(o)} data-testid={`sys-ouser-invite-${o.id}`}>
                    {t('adm.system.ouser.invite')}
                  </RowLink>
                ) : null}
              </Space>
            ),
          },
        ]}
      />

      <FormDrawer
        open={!!editing}
        size={820}
        title={editing ? t('adm.system.ouser.editTitle', { name: name(editing) }) : ''}
        onClose={() => setEditing(null)}
        forceRender
        cancel={false}
        onSave={() => void save()}
        saving={saving}
        saveTestId="sys-ouser-save"
      >
        <Form form={form} layout="vertical">
          <Space.Compact block style={{ gap: 16 }}>
            <Form.Item name="nameZh" label={t('adm.org.nameZh')} style={{ flex: 1 }} rules={required}>
              <Input maxLength={100} data-testid="sys-ouser-name-zh" />
            </Form.Item>
            <Form.Item name="nameEn" label={t('adm.org.nameEn')} style={{ flex: 1 }} rules={required}>
              <Input maxLength={200} data-testid="sys-ouser-name-en" />
            </Form.Item>
          </Space.Compact>
          <Form.Item name="logoUrl" label={t('adm.system.ouser.logo')}>
            <ImageUpload kind="logo" hint={t('adm.system.ouser.logoHint')} data-testid="sys-ouser-logo" />
          </Form.Item>
          <Form.Item name="website" label={t('adm.org.website')} rules={[{ pattern: WEBSITE_RULE, message: t('adm.validate.websiteInvalid') }]}>
            <Input placeholder="https://" maxLength={500} data-testid="sys-ouser-website" />
          </Form.Item>
          <OrganizationIntroFields />
          <BilingualRichText names={['contentZh', 'contentEn']} labels={[t('adm.system.ouser.contentZh'), t('adm.system.ouser.contentEn')]} testId="sys-ouser-content" />
        </Form>
      </FormDrawer>

      <Modal open={!!invite} title={t('adm.system.ouser.inviteTitle', { name: invite?.name ?? '' })} footer={null} onCancel={() => setInvite(null)}>
        {invite ? (
          <>
            <Typography.Paragraph copyable={{ text: invite.url }} data-testid="sys-ouser-invite-link" style={{ wordBreak: 'break-all' }}>
              {invite.url}
            </Typography.Paragraph>
            <Typography.Text type="secondary">{t('adm.system.ouser.inviteExpires', { time: formatTime(invite.expiresAt) })}</Typography.Text>
          </>
        ) : null}
      </Modal>
    </Card>
  )
}
