import { useState } from 'react'
import { View, Text, Video } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import { pickLang, type Lang } from '../../shared/i18n'
import { formatDate, formatDuration } from '../../shared/format'
import type { VideoItem } from '@contracts/site'
import { Cover } from '../ui/media'

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
              <Text className='hj-c-video__coming-title'>{t('video.coming')}</Text>
              <Text className='hj-c-video__coming-hint'>{t('video.comingHint')}</Text>
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
