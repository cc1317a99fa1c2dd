/**
 * The notice view's "Notifications" tab: whether each channel (inbox, e-mail, WeChat subscribe messages)
 * is on and, when not, why (a setting missing: the server starts anyway); then the e-mail and WeChat
 * notifications that failed (e.g. 43101: the person refused), with their reason, to send again.
 */
import React, { useEffect, useState } from 'react'
import { Descriptions, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import type { ChannelStatus, FailedDelivery } from '@contracts/notification'
import { listFailedNotifications, notificationChannels, resendNotifications } from '../../api/message'
import { formatTime } from '../common/format'
import { FilterSelect } from '../common/list-toolbar'
import { FailedSends } from './failed-mails-panel'

export default function NotificationPanel({ lang }: { lang: 'zh' | 'en' }) {
  const { t } = useTranslation()
  const [channels, setChannels] = useState<ChannelStatus[]>([])
  useEffect(() => {
    void notificationChannels().then((env) => env.code === 200 && setChannels(env.result))
  }, [])
  return (
    <div data-testid="adm-notification-panel">
      <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }}>
        {channels.map((c) => (
          <Descriptions.Item key={c.channel} label={t(`adm.msg.notification.channel.${c.channel}`)}>
            <Tag color={c.on ? 'green' : 'default'} data-testid={`adm-channel-${c.channel}`}>
              {t(c.on ? 'adm.msg.notification.on' : 'adm.msg.notification.off')}
            </Tag>
            {(lang === 'en' ? c.whyEn : c.whyZh) && <Typography.Text type="secondary">{lang === 'en' ? c.whyEn : c.whyZh}</Typography.Text>}
          </Descriptions.Item>
        ))}
      </Descriptions>
      <FailedSends<FailedDelivery>
        load={listFailedNotifications}
        resend={resendNotifications}
        button="send"
        toolbar={(q) => (
          <FilterSelect list={q} name="channel" all={t('adm.msg.all')} options={(['email', 'wechat'] as const).map((c) => ({ value: c, label: t(`adm.msg.notification.channel.${c}`) }))} />
        )}
        columns={[
          { title: t('adm.table.id'), dataIndex: 'id', width: 70 },
          { title: t('adm.msg.notification.channelCol'), dataIndex: 'channel', width: 100, render: (v: string) => t(`adm.msg.notification.channel.${v}`) },
          { title: t('adm.msg.notification.event'), dataIndex: 'kind', width: 160, render: (v: string) => t(`adm.msg.notification.kind.${v.replace(/^notify\./, '')}`, { defaultValue: v }) },
          { title: t('adm.msg.notification.recipient'), dataIndex: 'recipient' },
          { title: t('adm.msg.failedMails.reason'), dataIndex: 'error', render: (v: string | null) => v || '—' },
          { title: t('adm.msg.failedMails.attempts'), dataIndex: 'attempts', width: 90 },
          { title: t('adm.table.createdAt'), dataIndex: 'createdAt', width: 150, render: (v) => <span style={{ whiteSpace: 'nowrap' }}>{formatTime(v)}</span> },
        ]}
      />
    </div>
  )
}
