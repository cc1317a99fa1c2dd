/** 'project/visit' (Projects › Visits): the visits logged against the caller's projects. */
import React from 'react'
import { Card } from 'antd'
import { useTranslation } from 'react-i18next'
import type { ViewProps } from '../view-props'
import { VisitPanel } from './visit-panel'

export default function VisitView({ lang }: ViewProps) {
  const { t } = useTranslation()
  return (
    <Card title={t('adm.competition.visit.title')}>
      <VisitPanel lang={lang} />
    </Card>
  )
}
