import { View, Text } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import BarePage from '../../components/layout/bare-page'
import { useQueryDetail } from '../../shared/hooks/use-detail'
import { DetailBody, DetailTitle, Meta, RichContent, LinkedSection } from '../../components/ui/detail'
import { formatDate } from '../../shared/format'
import { getOrgProjectDetail } from '../../shared/api/content'
import { pickLang } from '../../shared/i18n'
import { go } from '../../shared/router/navigate'
import type { OrgProjectDetail } from '@contracts/org-project'
import '../../shared/i18n/sections/projects'

/** /project?id= — an organisation's project with its requirements (outside the frame). */
export default function ProjectPage() {
  const { t } = useTranslation()
  const { data, loading, missing, lang, title } = useQueryDetail<OrgProjectDetail>(getOrgProjectDetail)
  return (
    <BarePage path='/project' titleKey='page.project' title={title || t('page.project')} ownTitle={title} missing={missing}>
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
            {(pickLang(data, 'stage', lang) || data.fundingSought) && (
              <View className='hj-c-inline' data-testid='project-facts'>
                {pickLang(data, 'stage', lang) && <Text className='hj-c-badge'>{`${t('project.stage')}: ${pickLang(data, 'stage', lang)}`}</Text>}
                {data.fundingSought && <Text className='hj-c-badge'>{`${t('project.funding')}: ${data.fundingSought}`}</Text>}
              </View>
            )}
            {pickLang(data, 'summary', lang) && <Text className='hj-c-summary'>{pickLang(data, 'summary', lang)}</Text>}
            <RichContent html={pickLang(data, 'content', lang)} />
            <Text className='hj-c-link' data-testid='project-org-list' onClick={() => go(`/orgProject?organizationId=${data.organizationId}`)}>
              {t('project.moreOfOrg')} ›
            </Text>
          </View>
        )}
        {data && (
          <LinkedSection title={t('project.requirements')} testid='project-requirements' empty={data.requirements.length === 0} className='hj-c-list'>
            {data.requirements.map((r, i) => (
              <View key={r.id} className='hj-c-box' data-testid='project-requirement'>
                <View className='hj-c-inline'>
                  <Text className='hj-c-badge'>{t(`project.kinds.${r.kind}`)}</Text>
                  <Text className='hj-c-badge' data-testid='project-requirement-status'>
                    {t(`project.status.${r.status}`)}
                  </Text>
                  {r.dueDate && <Text className='hj-c-rule__cond'>{t('project.due', { date: r.dueDate })}</Text>}
                </View>
                <Text className='hj-c-box__title'>
                  {i + 1}. {pickLang(r, 'title', lang)}
                </Text>
                {pickLang(r, 'description', lang) && <Text className='hj-c-rule__cond'>{pickLang(r, 'description', lang)}</Text>}
              </View>
            ))}
          </LinkedSection>
        )}
        {data && data.competitions.length > 0 && (
          <LinkedSection title={t('project.competitions')} testid='project-competitions' empty={false} className='hj-c-list'>
            {data.competitions.map((c) => (
              <Text key={c.id} className='hj-c-link' data-testid='project-competition' onClick={() => go(`/competition?id=${c.id}`)}>
                {`${t(`competition.kind.${c.kind}`)} · ${pickLang(c, 'title', lang)} ›`}
              </Text>
            ))}
          </LinkedSection>
        )}
      </DetailBody>
    </BarePage>
  )
}
