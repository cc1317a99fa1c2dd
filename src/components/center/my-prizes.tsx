/** "My prizes": what the person won in raffles, newest first, with the claim state; a tap opens the raffle. */
import { useTranslation } from 'react-i18next'
import { pickLang, type Lang } from '../../shared/i18n'
import { go } from '../../shared/router/navigate'
import { formatDateTime } from '../../shared/format'
import { getMyPrizes } from '../../shared/api/raffle'
import type { MyPrize } from '@contracts/raffle'
import CenterSection from './section'
import CenterRow, { CenterList, ListNote, MiniPager } from './row'
import { useCenterList } from './use-center-list'

export default function MyPrizes({ lang, version }: { lang: Lang; version: number }) {
  const { t } = useTranslation()
  const list = useCenterList<MyPrize>((page, size) => getMyPrizes(page, size), `prizes:${version}`)
  return (
    <CenterSection title={t('raffle.prizes')} testid='center-prizes'>
      <ListNote list={list} emptyText={t('raffle.prizesEmpty')} testid='center-prizes' />
      <CenterList>
        {(list.items || []).map((p) => (
          <CenterRow
            key={p.drawId}
            testid='center-prize'
            cover={p.giftImageUrl}
            title={pickLang(p, 'giftName', lang)}
            meta={[pickLang(p, 'raffleName', lang), formatDateTime(p.wonAt)]}
            badge={p.claimedAt ? t('raffle.prizeClaimed') : t('raffle.prizeUnclaimed')}
            badgeTone={p.claimedAt ? 'off' : 'ok'}
            onClick={() => go(`/raffle?id=${p.raffleId}`)}
          />
        ))}
      </CenterList>
      <MiniPager page={list.page} pageSize={list.pageSize} total={list.total} onChange={list.setPage} testid='center-prizes' />
    </CenterSection>
  )
}
