import React from 'react'
import { Button, Result } from 'antd'
import { useTranslation } from 'react-i18next'
import type { ViewProps } from '../view-props'

/** Admin 404: unknown path or a menu component key the client has no view for. */
export default function NotFoundView({ open }: ViewProps) {
  const { t } = useTranslation()
  return (
    <Result
      status="404"
      title={t('adm.notFound.title')}
      subTitle={t('adm.notFound.text')}
      extra={
        <Button type="primary" onClick={() => open('/')}>
          {t('adm.notFound.back')}
        </Button>
      }
    />
  )
}
