/**
 * /activityDetail?id= — activity detail: title, time in the activity's zone and the viewer's,
 * addresses (country, zone), live link / QR, poster, banner, WeChat group QR, categories, tags,
 * highlights, people count, rich details, the enrolment button in its state, and the organiser card.
 */
import { useCallback, useEffect, useState } from 'react'
import { Loading } from '../../components/ui/loading'
import { View, Text } from '@tarojs/components'
import { Img } from '../../components/ui/media'
import { useRouter } from '@tarojs/taro'
import { useTranslation } from 'react-i18next'
import { usePaintedOnce } from '../../shared/hooks/use-after-paint'
import { useSkipFirstLoad } from '../../shared/hooks/use-skip-first-load'
import { useLang } from '../../shared/hooks/use-lang'
import { useIsMobile } from '../../shared/hooks/use-viewport'
import { NotFoundState } from '../../components/ui/detail'
import Layout from '../../components/layout'
import EnrollSection from '../../components/enrollment/enroll-section'
import FavoriteButton from '../../components/engage/favorite-button'
import { arrivedActivityDetail, getActivityDetail } from '../../shared/api/content'
import { getPromoterInfo } from '../../shared/api/participation'
import { shareLink } from '@contracts/participation'
import type { ActivityDetail } from '@contracts/activity'
import { pickLang } from '../../shared/i18n'
import { formatInZone, viewerOffset, zonedTimes } from '../../shared/format'
import { useAuth } from '../../shared/stores/auth-store'
import { isWeapp } from '../../shared/env'
import { useReleaseServerFirstScreen } from '../../shared/platform/first-screen'
import '../../components/activity/activity.scss'
import './index.scss'
import ActivityBody from './body-loader'

/** The two time lines of the detail page: the activity's own zone and the viewer's, both labelled. */
export function ActivityTimes({ start, end, timeZone, viewerMinutes }: { start: string; end: string; timeZone: string; viewerMinutes?: number }) {
  const { t } = useTranslation()
  const z = zonedTimes(start, end, timeZone, viewerMinutes ?? viewerOffset())
  return (
    <View className='hj-times' data-testid='activity-times'>
      <View className='hj-times__line' data-testid='activity-time-own'>
        <Text className='hj-times__label'>{t('activity.detail.ownTime', { zone: z.local.zone })}</Text>
        <Text className='hj-times__value'>{z.local.range}</Text>
      </View>
      <View className='hj-times__line' data-testid='activity-time-viewer'>
        <Text className='hj-times__label'>{t('activity.detail.yourTime', { zone: z.viewer.zone })}</Text>
        <Text className='hj-times__value'>{z.viewer.range}</Text>
      </View>
    </View>
  )
}

export default function ActivityDetailPage() {
  const { t } = useTranslation()
  const lang = useLang()
  const router = useRouter()
  const id = Number((router?.params || {}).id) || 0
  const token = useAuth((s) => s.token)
  // the answer the app asked for as it started, when it has already arrived: the poster in the first render
  const [first] = useState(() => (id ? arrivedActivityDetail(id) : null))
  const [item, setItem] = useState<ActivityDetail | null>(first)
  const [failed, setFailed] = useState(false)

  const load = useCallback(async () => {
    if (!id) {
      setFailed(true)
      return
    }
    try {
      const d = await getActivityDetail(id)
      if (!d) throw new Error('empty')
      setItem(d)
      setFailed(false)
    } catch {
      setFailed(true)
    }
  }, [id])

  // the enrolment state depends on the caller: reload when the login state changes (not on the first
  // render when it already shows the early answer, asked with the same token)
  const skipFirstLoad = useSkipFirstLoad(first !== null)
  useEffect(() => {
    if (!skipFirstLoad()) void load()
  }, [load, token, skipFirstLoad])

  // a promoter's shares carry their code, so the people they bring are credited to them
  const isPromoter = useAuth((s) => !!s.user?.isPromoter)
  const [promoterCode, setPromoterCode] = useState<string | null>(null)
  useEffect(() => {
    if (!isPromoter || !isWeapp()) return
    let alive = true
    getPromoterInfo()
      .then((info) => alive && setPromoterCode(info?.promoterCode || null))
      .catch(() => undefined)
    return () => {
      alive = false
    }
  }, [isPromoter])

  const title = item ? pickLang(item, 'title', lang) : ''
  const mobile = useIsMobile()
  // the poster and the facts beside it are drawn first; the body under them one frame later
  const below = usePaintedOnce(item !== null)
  // the server's drawing of this first screen gives way in the commit that draws the page's own
  useReleaseServerFirstScreen(item !== null || failed)

  if (!item) {
    return (
      <Layout path='/activityDetail' titleKey={failed ? 'notFound.pageTitle' : 'page.activityDetail'}>
        {failed ? (
          <NotFoundState testid='activity-not-found' text={t('activity.detail.notFound')} />
        ) : (
          <Loading className='hj-empty' text={t('common.loading')} testid='activity-loading' />
        )}
      </Layout>
    )
  }

  const people = item.peopleCount > 0 ? t('activity.detail.peopleValue', { enrolled: item.enrolledCount, total: item.peopleCount }) : t('activity.detail.unlimited', { enrolled: item.enrolledCount })

  return (
    <Layout path='/activityDetail' title={title} share={{ path: promoterCode ? shareLink(item.id, promoterCode) : `/activityDetail?id=${item.id}`, imageUrl: item.posterUrl }}>
      <View className='hj-ad' data-testid='activity-detail' data-id={item.id}>
        {/* phones show one hero picture: the poster beside the facts, not the banner above it too */}
        {item.bannerUrl && !mobile && <Img className='hj-ad__banner' src={item.bannerUrl} alt={title} mode='aspectFill' testid='activity-banner' priority />}
        <View className='hj-ad__top'>
          <View className='hj-ad__poster-wrap'>
            {item.posterUrl ? (
              <Img className='hj-ad__poster' src={item.posterUrl} alt={title} mode='aspectFill' testid='activity-poster' priority />
            ) : (
              <View className='hj-ad__poster hj-acard__img--empty'>
                <Text>{title.slice(0, 2)}</Text>
              </View>
            )}
          </View>
          <View className='hj-ad__info'>
            <View className='hj-ad__badges'>
              <Text className={`hj-acard__type hj-ad__badge hj-acard__type--${item.type}`}>{t(`activity.type.${item.type}`)}</Text>
              {item.status && <Text className={`hj-ad__badge hj-acard__status--${item.status}`}>{t(`activity.status.${item.status}`)}</Text>}
              {item.isHot && <Text className='hj-ad__badge hj-ad__badge--hot'>{t('activity.hot')}</Text>}
              <FavoriteButton type='activity' id={item.id} inline />
            </View>
            <Text className='hj-ad__title' data-testid='activity-title'>
              {title}
            </Text>
            <ActivityTimes start={item.startTime} end={item.endTime} timeZone={item.timeZone} />
            <View className='hj-ad__kv'>
              <Text className='hj-ad__k'>{t('activity.detail.people')}</Text>
              <Text className='hj-ad__v' data-testid='activity-people'>
                {people}
              </Text>
            </View>
            {item.enrollDeadline && !item.isDeadlineEqualEnd && (
              <View className='hj-ad__kv'>
                <Text className='hj-ad__k'>{t('activity.detail.deadline')}</Text>
                <Text className='hj-ad__v'>
                  {formatInZone(item.enrollDeadline, item.timeZone)}
                </Text>
              </View>
            )}
            <View className='hj-ad__kv'>
              <Text className='hj-ad__k'>{t('activity.detail.views', { n: item.viewCount })}</Text>
            </View>
            <EnrollSection detail={item} onChanged={() => void load()} />
            {pickLang(item, 'enrollNotes', lang) && <Text className='hj-ad__notes'>{pickLang(item, 'enrollNotes', lang)}</Text>}
          </View>
        </View>

        {below && <ActivityBody item={item} lang={lang} />}
      </View>
    </Layout>
  )
}
