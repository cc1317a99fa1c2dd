import { View } from '@tarojs/components'
import { useScrollPagedList } from '../../shared/hooks/use-paged-list'
import { PagedItems } from '../../components/ui/list'
import { ContentCard } from '../../components/ui/cards'
import { pickLang } from '../../shared/i18n'
import { getCompetitionList } from '../../shared/api/content'
import { go } from '../../shared/router/navigate'
import { formatRange } from '../../shared/format'
import type { CompetitionListItem } from '@contracts/competition'
import type { Lang } from '../../shared/i18n'

/** Paged grid of competitions, each opening /competition?id= (the roadshow page's competition tab). */
export function CompetitionGrid({ lang, testid }: { lang: Lang; testid: string }) {
  const list = useScrollPagedList<CompetitionListItem, object>(getCompetitionList as any, {})
  return (
    <View>
      <PagedItems list={list} testid={testid} className='hj-c-grid hj-c-grid--3'>
        {(c) => (
          <ContentCard
            key={c.id}
            testid={`${testid}-item`}
            cover={c.bannerUrl}
            title={pickLang(c, 'title', lang)}
            summary={pickLang(c, 'summary', lang)}
            meta={[formatRange(c.startTime, c.endTime)]}
            onClick={() => go(`/competition?id=${c.id}`)}
          />
        )}
      </PagedItems>
    </View>
  )
}
