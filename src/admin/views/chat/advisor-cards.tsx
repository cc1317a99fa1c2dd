/**
 * The adviser console's cards: the avatar card of a conversation (avatar, name, tags, last message,
 * unread badge), the tag card and one message's body (text, image, video, audio or a file link).
 */
import React from 'react'
import { Avatar, Badge, Image, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import type { ChatConversation, ChatMessage } from '@contracts/chat'
import { chatFileUrl } from '../../api/chat'

const TAG_COLOR: Record<string, string> = { customer: 'blue', tourist: 'default', online: 'green', offline: 'default', unread: 'red' }

export function merge(list: ChatMessage[], more: ChatMessage[]): ChatMessage[] {
  const byId = new Map(list.map((m) => [m.id, m]))
  for (const m of more) byId.set(m.id, m)
  return [...byId.values()].sort((a, b) => a.id - b.id)
}

export function displayName(c: ChatConversation, t: (k: string) => string): string {
  return c.customerType === 'tourist' ? `${t('chat.tourist')} ${c.customerId.slice(1, 7)}` : c.name
}

export function timeOf(iso: string | null): string {
  if (!iso) return ''
  const d = new Date(iso)
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`
}

/** Avatar card: avatar, name, tags, last message, unread badge. */
export function AvatarCard({ c, active, onClick }: { c: ChatConversation; active: boolean; onClick(): void }) {
  const { t } = useTranslation()
  const last = c.lastMessage
  const preview = !last ? '' : last.msgType === 'text' ? last.msgContent : `[${last.msgType}] ${last.msgContent}`
  return (
    <div className={`hj-adv__card${active ? ' is-active' : ''}`} data-testid="advisor-customer" data-customer={c.customerId} onClick={onClick}>
      <Badge count={c.unread} size="small">
        <Avatar src={c.avatarUrl ? chatFileUrl(c.avatarUrl) : undefined} style={{ background: c.customerType === 'tourist' ? '#999' : '#d7000f' }}>
          {displayName(c, t).slice(0, 1)}
        </Avatar>
      </Badge>
      <div className="hj-adv__card-body">
        <div className="hj-adv__card-top">
          <Typography.Text strong ellipsis className="hj-adv__card-name">
            {displayName(c, t)}
          </Typography.Text>
          <Typography.Text type="secondary" className="hj-adv__card-time">
            {timeOf(c.lastTime)}
          </Typography.Text>
        </div>
        <Typography.Text type="secondary" ellipsis className="hj-adv__card-last">
          {preview}
        </Typography.Text>
        <TagCard tags={c.tags} />
      </div>
    </div>
  )
}

/** Tag card: the customer's tags (member/visitor, online/offline, unread). */
export function TagCard({ tags }: { tags: string[] }) {
  const { t } = useTranslation()
  return (
    <div className="hj-adv__tags">
      {tags.map((tag) => (
        <Tag key={tag} color={TAG_COLOR[tag] || 'default'} data-testid={`advisor-tag-${tag}`}>
          {t(`chat.admin.tag.${tag}`, { defaultValue: tag })}
        </Tag>
      ))}
    </div>
  )
}

export function MessageBody({ m }: { m: ChatMessage }) {
  const url = chatFileUrl(m.url)
  if (m.msgType === 'text') return <span className="hj-adv__text">{m.msgContent}</span>
  if (m.msgType === 'image') return <Image src={url} width={160} data-testid="advisor-image" />
  if (m.msgType === 'video') return <video src={url} controls width={220} />
  if (m.msgType === 'audio') return <audio src={url} controls />
  return (
    <a href={url} target="_blank" rel="noreferrer" data-testid="advisor-file">
      📄 {m.msgContent || 'file'}
    </a>
  )
}

