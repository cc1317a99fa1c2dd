/**
 * 'message/notice/list': group notices. Search notices; compose one to an activity's
 * enrollees filtered by enrolment status, sent now or at a fixed time (the time is required: spec
 * section 5), by e-mail through the job queue (button 'send'); cancel a scheduled one; the send history
 * shows each recipient's delivery status, searchable. The pieces are shared with the activity manager.
 * A second tab shows the notification channels and the failed notifications (notification-panel.tsx).
 */
import React, { useState } from 'react'
import { Button, Card, Tabs } from 'antd'
import { useTranslation } from 'react-i18next'
import type { NoticeItem } from '@contracts/notice'
import { messageNotices } from '../../api/message'
import { Permission } from '../../core/permission'
import { useTableList } from '../common/use-table-list'
import { ListTable } from '../common/list-table'
import { FilterSelect, KeywordSearch, ListToolbar } from '../common/list-toolbar'
import type { ViewProps } from '../view-props'
import { ComposeNotice, noticeColumns, RecipientsDrawer } from './notice-parts'
import NotificationPanel from './notification-panel'

export default function NoticeView({ lang }: ViewProps) {
  const { t } = useTranslation()
  const q = useTableList<NoticeItem>(messageNotices.list)
  const [composing, setComposing] = useState(false)
  const [history, setHistory] = useState<NoticeItem | null>(null)
  const cancel = async (row: NoticeItem) => {
    const env = await messageNotices.cancel(row.id)
    if (env.code === 200) q.reload()
  }

  const notices = (
    <>
      <ListToolbar
        actions={
          <Permission name="send">
            <Button type="primary" onClick={() => setComposing(true)} data-testid="adm-notice-new">
              {t('adm.msg.notice.new')}
            </Button>
          </Permission>
        }
      >
        <FilterSelect list={q} name="status" all={t('adm.msg.all')} options={(['scheduled', 'sending', 'sent', 'cancelled'] as const).map((s) => ({ value: s, label: t(`adm.msg.notice.status.${s}`) }))} />
        <KeywordSearch placeholder={t('adm.msg.notice.keyword')} style={{ width: 320 }} list={q} />
        <Button onClick={q.reload}>{t('adm.msg.refresh')}</Button>
      </ListToolbar>
      <ListTable<NoticeItem> list={q} sort={false} scroll={{ x: 1000 }} columns={noticeColumns(t, lang, { sendButton: 'send', onHistory: setHistory, onCancel: cancel })} />
      <ComposeNotice
        open={composing}
        api={messageNotices}
        lang={lang}
        onClose={() => setComposing(false)}
        onSent={() => {
          setComposing(false)
          q.reload()
        }}
      />
      <RecipientsDrawer notice={history} api={messageNotices} onClose={() => setHistory(null)} />
    </>
  )
  return (
    <Card data-testid="adm-notices">
      <Tabs
        items={[
          { key: 'notices', label: t('adm.msg.notification.notices'), children: notices },
          { key: 'notifications', label: <span data-testid="adm-notifications-tab">{t('adm.msg.notification.title')}</span>, children: <NotificationPanel lang={lang} /> },
        ]}
      />
    </Card>
  )
}
