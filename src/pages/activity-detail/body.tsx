/**
 * The activity page under its first screen: addresses, highlights, the details, the raffle, the organiser,
 * the live and group QR codes, categories and tags. Drawn a frame after the poster and facts; on H5 its code
 * (the rich-text component, the raffle) is a chunk of its own, fetched while the first screen paints.
 */
import type { ReactNode } from 'react'
import { View, Text } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useTranslation } from 'react-i18next'
import { QrImg } from '../../components/ui/media'
import { RichHtml } from '../../components/ui/rich-html'
import { Tag } from '../../components/ui/tag'
import RaffleEntry from '../../components/raffle/raffle-entry'
import type { ActivityDetail } from '@contracts/activity'
import { pickLang, type Lang } from '../../shared/i18n'
import { go } from '../../shared/router/navigate'
import { isWeapp } from '../../shared/env'
import { assignLocation, openInNewTab } from '../../shared/platform/browser'
import { toast } from '../../shared/stores/toast-store'

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

export default function ActivityBody({ item, lang }: { item: ActivityDetail; lang: Lang }) {
  const { t } = useTranslation()
  const highlights = (lang === 'zh' ? item.highlightsZh : item.highlightsEn)?.length ? (lang === 'zh' ? item.highlightsZh : item.highlightsEn) : item.highlightsZh?.length ? item.highlightsZh : item.highlightsEn || []
  const tags = (lang === 'zh' ? item.tagsZh : item.tagsEn) || []
  const detail = pickLang(item, 'detail', lang)
  const organizer = pickLang(item, 'organizerName', lang)
  return (
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
  )
}
