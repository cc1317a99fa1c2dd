import { View, Text } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import BarePage from '../../components/layout/bare-page'
import { useDetail } from '../../shared/hooks/use-detail'
import { useLang } from '../../shared/hooks/use-lang'
import { useQueryId } from '../../shared/hooks/use-query-param'
import { DetailBody, DetailTitle, Meta, RichContent, Section } from '../../components/ui/detail'
import { formatDate } from '../../shared/format'
import { getOrgProjectDetail } from '../../shared/api/content'
import { pickLang } from '../../shared/i18n'
import { go } from '../../shared/router/navigate'
import type { OrgProjectDetail } from '../../shared/contracts/org-project'

/** /project?id= — an organisation's project with its requirements (outside the frame). */
export default function ProjectPage() {
  const { t } = useTranslation()
  const lang = useLang()
  const id = useQueryId()
  const { data, loading, missing } = useDetail<OrgProjectDetail>(() => getOrgProjectDetail(id), id, id > 0)
  const title = data ? pickLang(data, 'title', lang) : ''
  return (
    <BarePage path='/project' titleKey='page.project' title={title || t('page.project')} ownTitle={title}>
      <DetailBody loading={loading} missing={missing} testid='project-detail'>
        {data && (
          <View className='hj-c-detail'>
            {data.field && (
              <View className='hj-c-inline'>
                <Text className='hj-c-badge'>{pickLang(data.field, 'name', lang)}</Text>
              </View>
            )}
            <DetailTitle>{title}</DetailTitle>
            <Meta items={[pickLang(data, 'organizationName', lang), pickLang(data, 'city', lang), formatDate(data.publishedAt)]} />
            {pickLang(data, 'summary', lang) && <Text className='hj-c-summary'>{pickLang(data, 'summary', lang)}</Text>}
            <RichContent html={pickLang(data, 'content', lang)} />
            <Text className='hj-c-link' data-testid='project-org-list' onClick={() => go(`/orgProject?organizationId=${data.organizationId}`)}>
              {t('project.moreOfOrg')} ›
            </Text>
          </View>
        )}
        {data && (
          <Section title={t('project.requirements')} testid='project-requirements'>
            {data.requirements.length === 0 && <Text className='hj-c-muted'>{t('common.empty')}</Text>}
            <View className='hj-c-list'>
              {data.requirements.map((r, i) => (
                <View key={r.id} className='hj-c-box' data-testid='project-requirement'>
                  <Text className='hj-c-box__title'>
                    {i + 1}. {pickLang(r, 'title', lang)}
                  </Text>
                  <Text className='hj-c-rule__cond'>{pickLang(r, 'description', lang)}</Text>
                </View>
              ))}
            </View>
          </Section>
        )}
      </DetailBody>
    </BarePage>
  )
}
