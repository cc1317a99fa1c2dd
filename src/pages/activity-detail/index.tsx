/**
 * /activityDetail?id= — activity detail: title, time in the activity's zone and the viewer's,
 * addresses (country, zone), live link / QR, poster, banner, WeChat group QR, categories, tags,
 * highlights, people count, rich details, the enrolment button in its state, and the organiser card.
 */
import { type ReactNode, useCallback, useEffect, useState } from 'react'
import { Loading } from '../../components/ui/loading'
import { View, Text } from '@tarojs/components'
import { Img, QrImg } from '../../components/ui/media'
import { RichHtml } from '../../components/ui/detail'
import { Tag } from '../../components/ui/tag'
import Taro, { useRouter } from '@tarojs/taro'
import { useTranslation } from 'react-i18next'
import { usePaintedOnce } from '../../shared/hooks/use-after-paint'
import { useLang } from '../../shared/hooks/use-lang'
import Layout from '../../components/layout'
import EnrollSection from '../../components/enrollment/enroll-section'
import FavoriteButton from '../../components/engage/favorite-button'
import RaffleEntry from '../../components/raffle/raffle-entry'
import { getActivityDetail } from '../../shared/api/content'
import { getPromoterInfo } from '../../shared/api/participation'
import { shareLink } from '../../shared/contracts/participation'
import type { ActivityDetail } from '../../shared/contracts/activity'
import { pickLang } from '../../shared/i18n'
import { go } from '../../shared/router/navigate'
import { formatAtOffset, formatDateTime, parseUtcOffset, viewerOffset, zonedTimes } from '../../shared/format'
import { useAuth } from '../../shared/stores/auth-store'
import { isWeapp } from '../../shared/env'
import { assignLocation, openInNewTab } from '../../shared/platform/browser'
import '../../components/activity/activity.scss'
import './index.scss'
import { toast } from '../../shared/stores/toast-store'

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

function openLink(url: string, copiedText: string) {
  if (isWeapp()) {
    void Taro.setClipboardData({ data: url }).then(() => toast(copiedText)).catch(() => undefined)
    return
  }
  if (!openInNewTab(url)) assignLocation(url)
}

function Block({ title, testId, children }: { title: string; testId?: string; children: ReactNode }) {
  return (
    <View className='hj-block' data-testid={testId}>
      <Text className='hj-block__title'>{title}</Text>
      {children}
    </View>
  )
}

export default function ActivityDetailPage() {
  const { t } = useTranslation()
  const lang = useLang()
  const router = useRouter()
  const id = Number((router?.params || {}).id) || 0
  const token = useAuth((s) => s.token)
  const [item, setItem] = useState<ActivityDetail | null>(null)
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

  // the enrolment state depends on the caller: reload when the login state changes
  useEffect(() => {
    void load()
  }, [load, token])

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
  // the poster and the facts beside it are drawn first; the body under them one frame later
  const below = usePaintedOnce(item !== null)

  if (!item) {
    return (
      <Layout path='/activityDetail' titleKey='page.activityDetail'>
        {failed ? (
          <Text className='hj-empty' data-testid='activity-not-found'>
            {t('activity.detail.notFound')}
          </Text>
        ) : (
          <Loading className='hj-empty' text={t('common.loading')} testid='activity-loading' />
        )}
      </Layout>
    )
  }

  const highlights = (lang === 'zh' ? item.highlightsZh : item.highlightsEn)?.length ? (lang === 'zh' ? item.highlightsZh : item.highlightsEn) : item.highlightsZh?.length ? item.highlightsZh : item.highlightsEn || []
  const tags = (lang === 'zh' ? item.tagsZh : item.tagsEn) || []
  const detail = pickLang(item, 'detail', lang)
  const own = parseUtcOffset(item.timeZone)
  const organizer = pickLang(item, 'organizerName', lang)
  const people = item.peopleCount > 0 ? t('activity.detail.peopleValue', { enrolled: item.enrolledCount, total: item.peopleCount }) : t('activity.detail.unlimited', { enrolled: item.enrolledCount })

  return (
    <Layout path='/activityDetail' title={title} share={{ path: promoterCode ? shareLink(item.id, promoterCode) : `/activityDetail?id=${item.id}`, imageUrl: item.posterUrl }}>
      <View className='hj-ad' data-testid='activity-detail' data-id={item.id}>
        {item.bannerUrl && <Img className='hj-ad__banner' src={item.bannerUrl} alt={title} mode='aspectFill' testid='activity-banner' priority />}
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
                  {own === null ? formatDateTime(item.enrollDeadline) : `${formatAtOffset(item.enrollDeadline, own)} (${item.timeZone})`}
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

        {below && (
        <View className='hj-ad__body'>
          <View className='hj-ad__main'>
            <Block title={t('activity.detail.address')} testId='activity-addresses'>
              {item.addresses?.length ? (
                item.addresses.map((a, i) => (
                  <View key={i} className='hj-addr' data-testid='activity-address'>
                    <Text className='hj-addr__line'>
                      {[pickLang(a, 'countryName', lang) || a.country, pickLang(a, 'city', lang)].filter(Boolean).join(' · ')}
                    </Text>
                    <Text className='hj-addr__detail'>{pickLang(a, 'address', lang)}</Text>
                    <Text className='hj-addr__tz'>
                      {t('activity.detail.timeZone')}: {a.timeZone}
                    </Text>
                  </View>
                ))
              ) : (
                <Text className='hj-addr__line'>{item.type === 'online' ? t('activity.detail.onlineOnly') : [item.country, pickLang(item, 'city', lang)].filter(Boolean).join(' · ')}</Text>
              )}
            </Block>
            {highlights.length > 0 && (
              <Block title={t('activity.detail.highlights')} testId='activity-highlights'>
                {highlights.map((h, i) => (
                  <Text key={i} className='hj-ad__hl'>
                    ✦ {h}
                  </Text>
                ))}
              </Block>
            )}
            <Block title={t('activity.detail.details')} testId='activity-details'>
              <RichHtml className='hj-rich' html={detail || '<p></p>'} />
            </Block>
          </View>
          <View className='hj-ad__side'>
            <RaffleEntry activityId={item.id} lang={lang} />
            <Block title={t('activity.detail.organizer')} testId='activity-organizer'>
              <View className='hj-org' data-testid='activity-organizer-card' onClick={() => go(`/sponsor?id=${item.organizerId}`)}>
                <Text className='hj-org__logo'>{organizer.slice(0, 1)}</Text>
                <View className='hj-org__body'>
                  <Text className='hj-org__name'>{organizer}</Text>
                  <Text className='hj-link hj-org__link'>{t('activity.detail.viewOrganizer')} ›</Text>
                </View>
              </View>
            </Block>
            {(item.liveUrl || item.liveQrUrl) && (
              <Block title={t('activity.detail.live')} testId='activity-live'>
                {item.liveUrl && (
                  <Text className='hj-link hj-ad__live' data-testid='activity-live-link' onClick={() => openLink(item.liveUrl as string, t('common.success'))}>
                    {item.liveUrl}
                  </Text>
                )}
                {item.liveQrUrl && (
                  <View className='hj-qr'>
                    <QrImg className='hj-qr__img' src={item.liveQrUrl} alt={t('activity.detail.liveQr')} testid='activity-live-qr' />
                    <Text className='hj-qr__text'>{t('activity.detail.liveQr')}</Text>
                  </View>
                )}
              </Block>
            )}
            {item.wechatGroupQrUrl && (
              <Block title={t('activity.detail.groupQr')} testId='activity-group-qr'>
                <View className='hj-qr'>
                  <QrImg className='hj-qr__img' src={item.wechatGroupQrUrl} alt={t('activity.detail.groupQr')} testid='activity-group-qr-img' />
                  <Text className='hj-qr__text'>{t('activity.detail.groupQrText')}</Text>
                </View>
              </Block>
            )}
            {item.categories?.length > 0 && (
              <Block title={t('activity.detail.categories')} testId='activity-categories'>
                <View className='hj-tags'>
                  {item.categories.map((c) => (
                    <Tag key={c.code} className='hj-tag hj-tag--cat' onClick={() => go(`/activity?categoryCode=${encodeURIComponent(c.code)}`)}>
                      {pickLang(c, 'name', lang)}
                    </Tag>
                  ))}
                </View>
              </Block>
            )}
            {tags.length > 0 && (
              <Block title={t('activity.detail.tags')} testId='activity-tags'>
                <View className='hj-tags'>
                  {tags.map((tag) => (
                    <Tag key={tag} className='hj-tag'>
                      {tag}
                    </Tag>
                  ))}
                </View>
              </Block>
            )}
          </View>
        </View>
        )}
      </View>
    </Layout>
  )
}
