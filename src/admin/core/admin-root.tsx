/**
 * Providers for every admin page: i18next, antd ConfigProvider with zh_CN / en_US, antd App (messages).
 * antd runs in zero-runtime mode: its styles come from the prebuilt antd.css (imported
 * in app.ts) instead of being generated in the browser. Generating them (CSS-in-JS: serialising, hashing
 * and inserting every component's styles as it first renders) was most of a full load's main-thread time
 * (tests/bench/admin-speed.mjs). The theme's own tokens (primary colour, radius) still reach the page as
 * CSS variables.
 */
import React, { useEffect, type ReactNode } from 'react'
import { App as AntApp, ConfigProvider } from 'antd'
import zhCN from 'antd/locale/zh_CN'
import enUS from 'antd/locale/en_US'
import dayjs from 'dayjs'
import 'dayjs/locale/zh-cn'
import { I18nextProvider, useTranslation } from 'react-i18next'
import { i18n } from '../../shared/i18n'
import { registerMessageApi } from './feedback'

const THEME = { token: { colorPrimary: '#1d4ed8', borderRadius: 6 }, zeroRuntime: true }

function MessageBridge() {
  const { message } = AntApp.useApp()
  useEffect(() => {
    registerMessageApi(message)
    return () => registerMessageApi(null)
  }, [message])
  return null
}

function Localised({ children }: { children?: ReactNode }) {
  const { i18n: inst } = useTranslation()
  const lang = inst.language === 'en' ? 'en' : 'zh'
  useEffect(() => {
    dayjs.locale(lang === 'zh' ? 'zh-cn' : 'en')
    document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en'
  }, [lang])
  return (
    <ConfigProvider locale={lang === 'zh' ? zhCN : enUS} theme={THEME}>
      <AntApp>
        <MessageBridge />
        {children}
      </AntApp>
    </ConfigProvider>
  )
}

export function AdminRoot({ children }: { children?: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <Localised>{children}</Localised>
    </I18nextProvider>
  )
}
