/**
 * "Messages" of the personal centre: what the product told the person (enrolment results, changes,
 * cancellations, reminders, group notices, prizes), newest first, 5 a page; unread ones are marked.
 * A tap marks the item read and opens its activity (or "My activities" for a result without a page);
 * "mark all read" clears the badge. The unread count is shared with the tab bar and header (unread-store).
 */
import { useState } from 'react'
import Taro from '@tarojs/taro'
import { Text } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import { pickLang, type Lang } from '../../shared/i18n'
import { go } from '../../shared/router/navigate'
import { formatDateTime } from '../../shared/format'
import { inboxList, inboxRead } from '../../shared/api/notification'
import { useUnread } from '../../shared/stores/unread-store'
import type { InboxItem } from '@contracts/notification'
import CenterSection from './section'
import CenterRow, { CenterList, ListNote, MiniPager } from './row'
import { useCenterList } from './use-center-list'
import { MY_ACTIVITIES_ANCHOR } from './my-activities'

async function loadInbox(page: number, pageSize: number) {
  const env = await inboxList(page, pageSize)
  if (env.code !== 200) throw new Error(env.message)
  useUnread.getState().set(env.result.unread)
  return env.result
}

export default function MyInbox({ lang, version }: { lang: Lang; version: number }) {
  const { t } = useTranslation()
  const unread = useUnread((s) => s.count)
  // read here since the page was loaded (the list itself is not asked again for a tap)
  const [readNow, setReadNow] = useState<Set<number>>(new Set())
  const [allRead, setAllRead] = useState(false)
  const list = useCenterList<InboxItem>(loadInbox, `inbox:${version}`)
  const isRead = (n: InboxItem) => n.read || allRead || readNow.has(n.id)

  const open = async (n: InboxItem) => {
    if (!isRead(n)) {
      setReadNow((s) => new Set(s).add(n.id))
      const env = await inboxRead({ ids: [n.id] }).catch(() => null)
      if (env?.code === 200) useUnread.getState().set(env.result.count)
    }
    if (n.activityId) go(`/activityDetail?id=${n.activityId}`)
    else if (n.enrollmentId) void Taro.pageScrollTo({ selector: `#${MY_ACTIVITIES_ANCHOR}`, duration: 300 })?.catch?.(() => undefined)
  }
  const markAll = async () => {
    const env = await inboxRead({ all: true }).catch(() => null)
    if (env?.code === 200) {
      setAllRead(true)
      useUnread.getState().set(env.result.count)
    }
  }

  return (
    <CenterSection
      title={unread > 0 ? `${t('inbox.title')} (${unread})` : t('inbox.title')}
      testid='center-inbox'
      extra={
        unread > 0 && (
          <Text className='hj-ct-sec__action' data-testid='inbox-mark-all' onClick={() => void markAll()}>
            {t('inbox.markAll')}
          </Text>
        )
      }
    >
      <ListNote list={list} emptyText={t('inbox.empty')} testid='center-inbox' />
      <CenterList>
        {(list.items || []).map((n) => (
          <CenterRow
            key={n.id}
            testid='inbox-item'
            title={pickLang(n, 'title', lang)}
            meta={[pickLang(n, 'body', lang).split('\n').join(' · '), formatDateTime(n.createdAt)]}
            badge={isRead(n) ? undefined : t('inbox.new')}
            badgeTone='wait'
            onClick={() => void open(n)}
          />
        ))}
      </CenterList>
      <MiniPager page={list.page} pageSize={list.pageSize} total={list.total} onChange={list.setPage} testid='center-inbox' />
    </CenterSection>
  )
}
