/** 'project/requirement' (Projects › Requirements): the requirement tracking of the caller's projects. */
import React from 'react'
import { Card } from 'antd'
import { useTranslation } from 'react-i18next'
import type { ViewProps } from '../view-props'
import { RequirementPanel } from './requirement-panel'

export default function RequirementView({ lang }: ViewProps) {
  const { t } = useTranslation()
  return (
    <Card title={t('adm.competition.requirement.title')}>
      <RequirementPanel lang={lang} />
    </Card>
  )
}
