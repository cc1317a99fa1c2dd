import { useTranslation } from 'react-i18next'
import type { Lang } from '../i18n'

/** The current language as the bilingual pickers want it ('zh' unless English is chosen). */
export function useLang(): Lang {
  const { i18n } = useTranslation()
  return i18n.language === 'en' ? 'en' : 'zh'
}
