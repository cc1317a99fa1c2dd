/** Activity card of the home page, the activity list and search results. */
import { View, Text } from '@tarojs/components'
import { Img } from '../ui/media'
import { Tag } from '../ui/tag'
import { useTranslation } from 'react-i18next'
import type { ActivityListItem } from '@contracts/activity'
import { pickLang, type Lang } from '../../shared/i18n'
import { go } from '../../shared/router/navigate'
import { formatRangeAtOffset, parseUtcOffset, viewerOffset } from '../../shared/format'
import Highlight, { OtherLangMatch, excerptAround, hasHit } from './highlight'
import './activity.scss'

export interface ActivityCardProps {
  item: ActivityListItem
  lang: Lang
  keywords?: string
  testId?: string
  /** list layout: poster left, text right (desktop list and search) */
  wide?: boolean
  /** the first cards of a list page: their poster is its largest paint, so it is fetched at once */
  priority?: boolean
}

export default function ActivityCard({ item, lang, keywords, testId = 'activity-card', wide, priority }: ActivityCardProps) {
  const { t } = useTranslation()
  const title = pickLang(item, 'title', lang)
  const summary = pickLang(item, 'summary', lang)
  const city = pickLang(item, 'city', lang)
  const own = parseUtcOffset(item.timeZone)
  const time = formatRangeAtOffset(item.startTime, item.endTime, own === null ? viewerOffset() : own)
  const tags = (lang === 'zh' ? item.tagsZh : item.tagsEn) || []
  const summaryHit = !!keywords && hasHit(summary, keywords)
  return (
    <View className={`hj-acard${wide ? ' hj-acard--wide' : ''}`} data-testid={testId} data-id={item.id} onClick={() => go(`/activityDetail?id=${item.id}`)}>
      <View className='hj-acard__poster'>
        {item.posterUrl ? (
          <Img className='hj-acard__img' src={item.posterUrl} alt='' mode='aspectFill' lazyLoad priority={priority} />
        ) : (
          <View className='hj-acard__img hj-acard__img--empty'>
            <Text>{title.slice(0, 2)}</Text>
          </View>
        )}
        <Text className={`hj-acard__type hj-acard__type--${item.type}`}>{t(`activity.type.${item.type}`)}</Text>
        {item.status && <Text className={`hj-acard__status hj-acard__status--${item.status}`}>{t(`activity.status.${item.status}`)}</Text>}
      </View>
      <View className='hj-acard__body'>
        <Highlight className='hj-acard__title' text={title} keywords={keywords} />
        {wide && summary && (
          // a summary with the keyword: the part around it, so the clamped lines show the hit
          <Highlight
            className={`hj-acard__summary${summaryHit ? ' has-hit' : ''}`}
            text={summaryHit ? excerptAround(summary, keywords || '', 60) : summary}
            keywords={keywords}
          />
        )}
        {keywords && <OtherLangMatch item={item} fields={wide ? ['title', 'summary'] : ['title']} keywords={keywords} lang={lang} />}
        <Text className='hj-acard__meta'>
          {time}
          {item.timeZone ? ` (${item.timeZone})` : ''}
        </Text>
        <Text className='hj-acard__meta'>
          {[city, pickLang(item, 'organizerName', lang)].filter(Boolean).join(' · ')}
        </Text>
        {wide && tags.length > 0 && (
          <View className='hj-acard__tags'>
            {tags.slice(0, 4).map((tag) => (
              <Tag key={tag} className='hj-tag'>
                {tag}
              </Tag>
            ))}
          </View>
        )}
      </View>
    </View>
  )
}
