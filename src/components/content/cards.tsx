/**
 * Engineer B's reusable cards: a generic content card (cover, title, summary, meta, tags), a text row,
 * and cards for policies, jobs, sponsors/places, platforms, videos and linked activities.
 */
import { type ReactNode, useState } from 'react'
import { View, Text, Image, Video } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import { pickLang, type Lang } from '../../shared/i18n'
import { go } from '../../shared/router/navigate'
import { formatRange, formatDateTime } from '../../shared/format'
import type { ActivityListItem } from '../../shared/contracts/activity'
import type { JobListItem, PlatformListItem } from '../../shared/contracts/platform'
import type { PolicyListItem } from '../../shared/contracts/policy'
import type { SponsorListItem } from '../../shared/contracts/sponsor'
import type { VideoItem } from '../../shared/contracts/site'
import { Cover, Tags } from './ui'
import './content.scss'

export const formatDate = (iso: string | null | undefined): string => formatDateTime(iso).slice(0, 10)

export function ContentCard({
  cover,
  title,
  summary,
  meta,
  tags,
  badge,
  onClick,
  testid,
}: {
  cover?: string | null
  title: string
  summary?: string
  meta?: (string | null | undefined | false)[]
  tags?: string[]
  badge?: string
  onClick?: () => void
  testid: string
}) {
  const lines = (meta || []).filter(Boolean) as string[]
  return (
    <View className='hj-c-card' data-testid={testid} onClick={onClick}>
      <View className='hj-c-card__cover'>
        <Cover src={cover} title={title} />
        {badge && <Text className='hj-c-card__badge'>{badge}</Text>}
      </View>
      <View className='hj-c-card__body'>
        <Text className='hj-c-card__title'>{title}</Text>
        {summary && <Text className='hj-c-card__summary'>{summary}</Text>}
        {lines.map((m, i) => (
          <Text key={`${i}-${m}`} className='hj-c-card__meta'>
            {m}
          </Text>
        ))}
        <Tags tags={tags} />
      </View>
    </View>
  )
}

/** Horizontal row: optional thumbnail, title, summary, meta line. */
export function ContentRow({
  cover,
  title,
  summary,
  meta,
  badge,
  onClick,
  testid,
  children,
}: {
  cover?: string | null | false
  title: string
  summary?: string
  meta?: (string | null | undefined | false)[]
  badge?: string
  onClick?: () => void
  testid: string
  children?: ReactNode
}) {
  const lines = (meta || []).filter(Boolean) as string[]
  return (
    <View className='hj-c-row' data-testid={testid} onClick={onClick}>
      {cover !== false && cover !== undefined && (
        <View className='hj-c-row__thumb'>
          <Cover src={cover} title={title} />
        </View>
      )}
      <View className='hj-c-row__body'>
        <View className='hj-c-row__head'>
          {badge && <Text className='hj-c-badge'>{badge}</Text>}
          <Text className='hj-c-row__title'>{title}</Text>
        </View>
        {summary && <Text className='hj-c-row__summary'>{summary}</Text>}
        {lines.length > 0 && (
          <View className='hj-c-row__meta'>
            {lines.map((m, i) => (
              <Text key={`${i}-${m}`} className='hj-c-row__meta-item'>
                {m}
              </Text>
            ))}
          </View>
        )}
        {children}
      </View>
    </View>
  )
}

export function PolicyRow({ item, lang, testid }: { item: PolicyListItem; lang: Lang; testid: string }) {
  const { t } = useTranslation()
  return (
    <ContentRow
      testid={testid}
      badge={t(`policy.level.${item.level}`)}
      title={pickLang(item, 'title', lang)}
      summary={pickLang(item, 'summary', lang)}
      meta={[
        pickLang(item, 'issuer', lang),
        pickLang(item, 'city', lang),
        item.category ? pickLang(item.category, 'name', lang) : '',
        formatDate(item.publishedAt),
      ]}
      onClick={() => go(`/policyDetail?id=${item.id}`)}
    />
  )
}

export function JobCard({ item, lang, testid }: { item: JobListItem; lang: Lang; testid: string }) {
  const { t } = useTranslation()
  const platform = pickLang(item, 'platformName', lang)
  return (
    <View className='hj-c-job' data-testid={testid} onClick={() => go(`/platformDetail?id=${item.platformId}`)}>
      <View className='hj-c-job__top'>
        <Text className='hj-c-job__title'>{pickLang(item, 'title', lang)}</Text>
        <Text className='hj-c-job__salary'>{pickLang(item, 'salary', lang)}</Text>
      </View>
      <View className='hj-c-job__tags'>
        <Text className='hj-c-tag'>{pickLang(item, 'city', lang)}</Text>
        {item.degree && <Text className='hj-c-tag'>{t(`policy.degree.${item.degree}`)}</Text>}
        <Text className='hj-c-tag'>{t(`job.kind.${item.kind}`)}</Text>
      </View>
      <Text className='hj-c-job__desc'>{pickLang(item, 'description', lang)}</Text>
      <View className='hj-c-job__platform'>
        {item.platformLogoUrl ? (
          <View className='hj-c-job__logo hj-logo'>
            <Image className='hj-logo__img' src={item.platformLogoUrl} mode='aspectFit' />
          </View>
        ) : (
          <View className='hj-c-job__logo hj-c-logo--empty'>{platform.slice(0, 1)}</View>
        )}
        <Text className='hj-c-job__platform-name'>{platform}</Text>
        <Text className='hj-c-job__date'>{formatDate(item.publishedAt)}</Text>
      </View>
    </View>
  )
}

/**
 * An organisation's logo, whole (object-fit: contain) in a 3 : 2 box on a light background: wide logos
 * keep a readable height instead of shrinking into a square.
 */
export function Logo({ src, name, className }: { src: string | null | undefined; name: string; className?: string }) {
  return src ? (
    <View className={`hj-c-logo hj-logo ${className || ''}`}>
      <Image className='hj-logo__img' src={src} mode='aspectFit' />
    </View>
  ) : (
    <View className={`hj-c-logo hj-c-logo--empty ${className || ''}`}>
      <Text>{(name || '海').slice(0, 1)}</Text>
    </View>
  )
}

export function SponsorCard({ item, lang, testid }: { item: SponsorListItem; lang: Lang; testid: string }) {
  const { t } = useTranslation()
  const name = pickLang(item, 'name', lang)
  return (
    <View className='hj-c-org' data-testid={testid} onClick={() => go(`/sponsor?id=${item.id}`)}>
      <Logo src={item.logoUrl} name={name} />
      <View className='hj-c-org__body'>
        <Text className='hj-c-org__name'>{name}</Text>
        <Text className='hj-c-org__meta'>
          {[pickLang(item, 'city', lang), t('sponsor.activityCount', { count: item.activityCount }), t('sponsor.followers', { count: item.followerCount })].filter(Boolean).join(' · ')}
        </Text>
        <Text className='hj-c-org__intro'>{pickLang(item, 'intro', lang)}</Text>
      </View>
    </View>
  )
}

export function PlatformCard({ item, lang, testid }: { item: PlatformListItem; lang: Lang; testid: string }) {
  const { t } = useTranslation()
  const name = pickLang(item, 'name', lang)
  return (
    <View className='hj-c-org' data-testid={testid} onClick={() => go(`/platformDetail?id=${item.id}`)}>
      <Logo src={item.logoUrl} name={name} />
      <View className='hj-c-org__body'>
        <Text className='hj-c-org__name'>{name}</Text>
        <Text className='hj-c-org__meta'>
          {[item.nature ? pickLang(item.nature, 'name', lang) : '', pickLang(item, 'city', lang), t('platform.jobCount', { count: item.jobCount })].filter(Boolean).join(' · ')}
        </Text>
        <Text className='hj-c-org__intro'>{pickLang(item, 'intro', lang)}</Text>
      </View>
    </View>
  )
}

export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds || 0))
  const m = Math.floor(s / 60)
  return `${m}:${String(s % 60).padStart(2, '0')}`
}

/**
 * A video: cover with play mark; a tap swaps in the player (one player at a time per card). A video
 * without a file (videoUrl '') — or whose file fails to load — shows its cover with "video coming soon"
 * instead of a broken player.
 */
export function VideoCard({ item, lang, testid, autoOpen }: { item: VideoItem; lang: Lang; testid: string; autoOpen?: boolean }) {
  const { t } = useTranslation()
  const [playing, setPlaying] = useState(!!autoOpen && !!item.videoUrl)
  const [broken, setBroken] = useState(false)
  const title = pickLang(item, 'title', lang)
  const missing = !item.videoUrl || broken
  return (
    <View className='hj-c-video' data-testid={testid} data-state={missing ? 'coming' : playing ? 'playing' : 'cover'}>
      <View className='hj-c-video__frame'>
        {missing ? (
          <View className='hj-c-video__cover' data-testid={`${testid}-coming`}>
            <Cover src={item.coverUrl} title={title} />
            <View className='hj-c-video__coming'>
              <Text className='hj-c-video__coming-title'>{t('polish.videoComing')}</Text>
              <Text className='hj-c-video__coming-hint'>{t('polish.videoComingHint')}</Text>
            </View>
          </View>
        ) : playing ? (
          <Video
            className='hj-c-video__player'
            src={item.videoUrl}
            poster={item.coverUrl || undefined}
            controls
            autoplay={!autoOpen}
            objectFit='contain'
            onError={() => setBroken(true)}
          />
        ) : (
          <View className='hj-c-video__cover' data-testid={`${testid}-play`} onClick={() => setPlaying(true)}>
            <Cover src={item.coverUrl} title={title} />
            <Text className='hj-c-video__play'>▶</Text>
            {item.durationSeconds > 0 && <Text className='hj-c-video__dur'>{formatDuration(item.durationSeconds)}</Text>}
          </View>
        )}
      </View>
      <Text className='hj-c-video__title'>{title}</Text>
      <Text className='hj-c-card__meta'>{formatDate(item.publishedAt)}</Text>
    </View>
  )
}

/** Linked activity (topic, sponsor, competition pages). */
export function ActivityMini({ item, lang, testid }: { item: ActivityListItem; lang: Lang; testid: string }) {
  const { t } = useTranslation()
  return (
    <ContentCard
      testid={testid}
      cover={item.posterUrl}
      title={pickLang(item, 'title', lang)}
      badge={t(`roadshow.activityType.${item.type}`)}
      meta={[formatRange(item.startTime, item.endTime), [pickLang(item, 'city', lang), item.timeZone].filter(Boolean).join(' · ')]}
      onClick={() => go(`/activityDetail?id=${item.id}`)}
    />
  )
}
