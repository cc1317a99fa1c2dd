/**
 * Partners: the published partners' logos and names. A tap opens the partner's website in a new tab
 * on H5; the mini-program cannot open other sites, so there the link is copied for the browser.
 */
import { View, Text } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useTranslation } from 'react-i18next'
import { usePagedList } from '../../shared/hooks/use-paged-list'
import { getPartnerList } from '../../shared/api/content'
import { pickLang, type Lang } from '../../shared/i18n'
import { isWeapp } from '../../shared/env'
import { openContentLink } from '../../shared/router/navigate'
import type { SitePartner } from '@contracts/admin-site'
import { Logo } from '../ui/media'
import { ListState } from '../ui/loading'
import './showcase.scss'

function visit(url: string | null) {
  if (!url) return
  if (isWeapp()) void Taro.setClipboardData({ data: url })
  else openContentLink(url)
}

/** the published partners, up to `max` (one page) */
export function usePartners(max = 50) {
  return usePagedList<SitePartner, object>(getPartnerList, {}, max, true, { scrollToTop: false })
}

/** the partners' tiles: logo, name and (with a website) the link */
export function PartnerTiles({ items, lang }: { items: SitePartner[]; lang: Lang }) {
  const { t } = useTranslation()
  return (
    <View className='hj-sc-partners'>
      {items.map((p) => {
        const name = pickLang(p, 'name', lang)
        return (
          <View key={p.id} className={`hj-sc-partner${p.website ? ' hj-sc-partner--link' : ''}`} data-testid='partner' onClick={() => visit(p.website)}>
            <Logo src={p.logoUrl} name={name} className='hj-sc-partner__logo' />
            <Text className='hj-sc-partner__name'>{name}</Text>
            {p.website && <Text className='hj-sc-partner__visit'>{t('showcase.visit')} ›</Text>}
          </View>
        )
      })}
    </View>
  )
}

/** every published partner, with the list's loading / empty line */
export function PartnerWall({ lang }: { lang: Lang }) {
  const list = usePartners()
  return (
    <>
      <ListState items={list.items} loading={list.loading} failed={list.failed} testid='partners-list' />
      <PartnerTiles items={list.items ?? []} lang={lang} />
    </>
  )
}
