/**
 * The part of react-i18next the apps use, for their builds (config/index.ts; see ./i18next-lite.ts):
 * `initReactI18next` keeps the instance, `useTranslation` gives its `t` for the language in use and
 * renders again when the language changes (react-i18next's default binding: not when texts are added),
 * and `I18nextProvider` (the admin's root) has nothing to add, the apps having one instance each.
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react'
import type { I18nLite } from './i18next-lite'

let instance: I18nLite | null = null

export const initReactI18next = {
  type: '3rdParty',
  init(i18n: I18nLite) {
    instance = i18n
  },
}

export function useTranslation() {
  const i18n = instance
  if (!i18n) throw new Error('useTranslation before initReactI18next')
  const [lng, setLng] = useState(i18n.language)
  useEffect(() => {
    const changed = (l: unknown) => setLng(String(l))
    i18n.on('languageChanged', changed)
    // a change between the first render and this effect (the same value renders nothing)
    setLng(i18n.language)
    return () => {
      i18n.off('languageChanged', changed)
    }
  }, [i18n])
  const t = useMemo(() => i18n.getFixedT(lng), [i18n, lng])
  return { t, i18n, ready: true }
}

export function I18nextProvider(props: { i18n: I18nLite; children?: ReactNode }) {
  instance = props.i18n
  return props.children ?? null
}
