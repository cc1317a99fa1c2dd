/**
 * Industry cases: the published cases as cards (paged, 6 at a time); a card opens the whole case —
 * cover, summary, rich content — in a panel over the page, in the visitor's language (the other
 * language when a text is missing).
 */
import { useState } from 'react'
import { View, Text, ScrollView } from '@tarojs/components'
import { Img } from '../ui/media'
import { useTranslation } from 'react-i18next'
import { usePagedList } from '../../shared/hooks/use-paged-list'
import { useDetail } from '../../shared/hooks/use-detail'
import { getCaseDetail, getCaseList } from '../../shared/api/content'
import { pickLang, type Lang } from '../../shared/i18n'
import type { SiteCase, SiteCaseDetail } from '@contracts/admin-site'
import { ContentCard } from '../ui/cards'
import { DetailBody, RichContent } from '../ui/detail'
import { PagedItems } from '../ui/list'
import './showcase.scss'

const CASES_PER_PAGE = 6

function CasePanel({ id, lang, onClose }: { id: number; lang: Lang; onClose(): void }) {
  const { t } = useTranslation()
  const { data, loading, missing } = useDetail<SiteCaseDetail>(() => getCaseDetail(id), id)
  return (
    <View className='hj-sc-mask' data-testid='case-panel' onClick={onClose}>
      <View className='hj-sc-sheet' onClick={(e) => e.stopPropagation()}>
        <View className='hj-sc-sheet__head'>
          <Text className='hj-sc-sheet__title' data-testid='case-panel-title'>
            {data ? pickLang(data, 'title', lang) : ''}
          </Text>
          <Text className='hj-sc-sheet__close' data-testid='case-panel-close' onClick={onClose}>
            ✕ {t('showcase.close')}
          </Text>
        </View>
        <ScrollView scrollY className='hj-sc-sheet__body'>
          <DetailBody loading={loading} missing={missing} testid='case-panel-body'>
            {data && (
              <>
                {data.coverUrl && <Img className='hj-sc-sheet__cover' src={data.coverUrl} alt='' mode='aspectFill' />}
                {pickLang(data, 'summary', lang) && <Text className='hj-c-summary'>{pickLang(data, 'summary', lang)}</Text>}
                <RichContent html={pickLang(data, 'content', lang)} testid='case-panel-content' />
              </>
            )}
          </DetailBody>
        </ScrollView>
      </View>
    </View>
  )
}

export function CaseList({ lang }: { lang: Lang }) {
  const [open, setOpen] = useState<number | null>(null)
  const list = usePagedList<SiteCase, object>(getCaseList, {}, CASES_PER_PAGE, true, { scrollToTop: false })
  return (
    <>
      <PagedItems list={list} testid='cases' className='hj-c-grid hj-c-grid--3'>
        {(item) => (
          <ContentCard
            key={item.id}
            cover={item.coverUrl}
            title={pickLang(item, 'title', lang)}
            summary={pickLang(item, 'summary', lang)}
            onClick={() => setOpen(item.id)}
            testid='case-card'
          />
        )}
      </PagedItems>
      {open !== null && <CasePanel id={open} lang={lang} onClose={() => setOpen(null)} />}
    </>
  )
}
