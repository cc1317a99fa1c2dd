/** "My favourites": activities, topics and information, newest first, each removable in place. */
import { useState } from 'react'
import { View } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import { pickLang, type Lang } from '../../shared/i18n'
import { go } from '../../shared/router/navigate'
import { formatDateTime } from '../../shared/format'
import { getMyFavorites, removeFavorite } from '../../shared/api/participation'
import { FAVORITE_TYPES, type FavoriteItem, type FavoriteType } from '@contracts/participation'
import CenterSection from './section'
import CenterRow, { CenterList, CenterTabs, ListNote, MiniPager, ownTime } from './row'
import { useCenterList } from './use-center-list'
import { toast } from '../../shared/stores/toast-store'

function describe(f: FavoriteItem, lang: Lang) {
  if (f.type === 'activity') {
    const a = f.activity
    return { cover: a.posterUrl, title: pickLang(a, 'title', lang), meta: [ownTime(a.startTime, a.endTime, a.timeZone), pickLang(a, 'city', lang)], url: `/activityDetail?id=${a.id}` }
  }
  if (f.type === 'topic') {
    const x = f.topic
    return { cover: x.coverUrl, title: pickLang(x, 'title', lang), meta: [formatDateTime(x.publishedAt).slice(0, 10)], url: `/topicDetail?id=${x.id}` }
  }
  const n = f.information
  return { cover: n.coverUrl, title: pickLang(n, 'title', lang), meta: [pickLang(n, 'source', lang), formatDateTime(n.publishedAt).slice(0, 10)], url: `/informationDetail?id=${n.id}` }
}

export default function MyFavorites({ lang, version }: { lang: Lang; version: number }) {
  const { t } = useTranslation()
  const [type, setType] = useState<FavoriteType>('activity')
  const list = useCenterList<FavoriteItem>((page, size) => getMyFavorites(type, page, size), `${type}:${version}`)

  const remove = async (f: FavoriteItem) => {
    try {
      await removeFavorite(f.type, f.itemId)
      toast(t('engage.removed'))
    } catch {
      // the request client showed the reason
    }
    list.reload()
  }

  return (
    <CenterSection title={t('center.favorites')} testid='center-favorites'>
      <CenterTabs<FavoriteType> tabs={FAVORITE_TYPES.map((key) => ({ key, label: t(`center.favType.${key}`) }))} value={type} onChange={setType} testid='center-favorites' />
      <ListNote list={list} testid='center-favorites' />
      <CenterList>
        {(list.items || []).map((f) => {
          const d = describe(f, lang)
          return (
            <CenterRow
              key={`${f.type}-${f.itemId}`}
              testid='center-favorite'
              cover={d.cover}
              title={d.title}
              meta={d.meta}
              onClick={() => go(d.url)}
              action={
                <View className='hj-ct-action' data-testid='center-favorite-remove' onClick={() => remove(f)}>
                  {t('center.remove')}
                </View>
              }
            />
          )
        })}
      </CenterList>
      <MiniPager page={list.page} pageSize={list.pageSize} total={list.total} onChange={list.setPage} testid='center-favorites' />
    </CenterSection>
  )
}
