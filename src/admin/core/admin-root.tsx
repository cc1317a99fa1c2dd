/**
 * Providers for every admin page: i18next, antd ConfigProvider with zh_CN / en_US, antd's message hook.
 * Only message: antd's App component would also bring Modal and notification (and the form code Modal's
 * context isolation imports) into the code every page loads first; views that show a modal load it with
 * their own code.
 * antd runs in zero-runtime mode: its styles come from the prebuilt antd.css (imported
 * in app.ts) instead of being generated in the browser. Generating them (CSS-in-JS: serialising, hashing
 * and inserting every component's styles as it first renders) was most of a full load's main-thread time
 * (tests/bench/admin-speed.mjs). The theme's own tokens (primary colour, radius) still reach the page as
 * CSS variables.
 */
import React, { useEffect, useSyncExternalStore, type ReactNode } from 'react'
import { ConfigProvider, message } from 'antd'
import { I18nextProvider, useTranslation } from 'react-i18next'
import { i18n } from '../../shared/i18n'
import { registerMessageApi } from './feedback'
// antd's (and dayjs's) texts of the language arrive with the first view that draws antd's texts
import { antdLocaleFor, applyDayjsLocale, subscribeAntdLocales } from '../locales/load'

// the theme's CSS variables are set on `.css-var-adm`; the page's root element carries it (Localised)
const THEME = { token: { colorPrimary: '#1d4ed8', borderRadius: 6 }, zeroRuntime: true, cssVar: { key: 'css-var-adm' } }

/** the context-aware message API (theme, language) for code outside React (core/feedback.ts) */
function MessageBridge() {
  const [api, holder] = message.useMessage()
  useEffect(() => {
    registerMessageApi(api)
    return () => registerMessageApi(null)
  }, [api])
  return holder
}

function Localised({ children }: { children?: ReactNode }) {
  const { i18n: inst } = useTranslation()
  const lang = inst.language === 'en' ? 'en' : 'zh'
  const antdLocale = useSyncExternalStore(subscribeAntdLocales, () => antdLocaleFor(lang))
  useEffect(() => {
    applyDayjsLocale(lang)
    document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en'
  }, [lang, antdLocale])
  return (
    <ConfigProvider locale={antdLocale} theme={THEME}>
      {/* what antd's App drew: the page's text in the theme's font, size and colour */}
      <div className="ant-app css-var-adm">
        <MessageBridge />
        {children}
      </div>
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
