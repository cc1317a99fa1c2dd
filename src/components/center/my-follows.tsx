/** The sponsor section: organizers I follow (unfollow in place) and the organizer entry. */
import { View, Text } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import { pickLang, type Lang } from '../../shared/i18n'
import { go } from '../../shared/router/navigate'
import { isWeapp } from '../../shared/env'
import { getMyFollows, unfollow } from '../../shared/api/participation'
import type { CurrentUser } from '@contracts/api'
import type { FollowItem } from '@contracts/participation'
import CenterSection from './section'
import CenterRow, { CenterList, ListNote, MiniPager } from './row'
import { useCenterList } from './use-center-list'
import { toast } from '../../shared/stores/toast-store'

export default function MyFollows({ lang, version, user }: { lang: Lang; version: number; user: CurrentUser | null }) {
  const { t } = useTranslation()
  const list = useCenterList<FollowItem>((page, size) => getMyFollows(page, size), String(version))

  const remove = async (o: FollowItem) => {
    try {
      await unfollow(o.id)
      toast(t('engage.unfollowed'))
    } catch {
      // the request client showed the reason
    }
    list.reload()
  }

  const isOrganizer = !!(user && (user.ouserId || user.auserId))
  return (
    <CenterSection title={t('center.follows')} testid='center-follows'>
      <ListNote list={list} testid='center-follows' />
      <CenterList>
        {(list.items || []).map((o) => (
          <CenterRow
            key={o.id}
            testid='center-follow'
            cover={o.logoUrl}
            title={pickLang(o, 'name', lang)}
            meta={[t(`sponsor.kind.${o.kind}`), pickLang(o, 'city', lang), t('sponsor.followers', { count: o.followerCount })]}
            onClick={() => go(`/sponsor?id=${o.id}`)}
            action={
              <View className='hj-ct-action' data-testid='center-unfollow' onClick={() => remove(o)}>
                {t('center.unfollow')}
              </View>
            }
          />
        ))}
      </CenterList>
      <MiniPager page={list.page} pageSize={list.pageSize} total={list.total} onChange={list.setPage} testid='center-follows' />
      {!isWeapp() && (
        <View className='hj-ct-organizer' data-testid='center-organizer'>
          <View className='hj-ct-organizer__body'>
            <Text className='hj-ct-organizer__title'>{t('center.sponsor')}</Text>
            <Text className='hj-ct-organizer__text'>{t('center.sponsorIntro')}</Text>
          </View>
          <View
            className='hj-ct-btn hj-ct-btn--ghost'
            data-testid='center-organizer-link'
            onClick={() => go(isOrganizer ? '/admLogin' : '/admRegister')}
          >
            {isOrganizer ? t('center.openAdmin') : t('center.becomeOrganizer')}
          </View>
        </View>
      )}
    </CenterSection>
  )
}
