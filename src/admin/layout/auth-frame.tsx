/** Centered card used by the login, register and forgot-password pages, with the language switch. */
import React, { type ReactNode } from 'react'
import { Button } from 'antd'
import { GlobalOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { toggleLang } from '../../shared/i18n'
import { Paragraph, PlainCard, Title3 } from '../components/plain'
import './auth-frame.scss'

export function AuthFrame({ title, subtitle, children }: { title: string; subtitle?: string; children?: ReactNode }) {
  const { t } = useTranslation()
  return (
    <div className="adm-auth">
      <div className="adm-auth__top">
        <span className="adm-auth__brand">{t('adm.appName')}</span>
        <Button type="text" icon={<GlobalOutlined />} data-testid="adm-lang" title={t('adm.langTitle')} onClick={() => toggleLang()}>
          {t('adm.lang')}
        </Button>
      </div>
      <PlainCard className="adm-auth__card" borderless>
        <Title3 style={{ marginTop: 0, marginBottom: subtitle ? 4 : 24 }}>
          {title}
        </Title3>
        {subtitle ? (
          <Paragraph type="secondary" style={{ marginBottom: 24 }}>
            {subtitle}
          </Paragraph>
        ) : null}
        {children}
      </PlainCard>
    </div>
  )
}

export { EMAIL_PATTERN } from '@contracts/validation'
