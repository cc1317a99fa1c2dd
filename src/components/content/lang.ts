/** Bilingual picking for B's pages: fields via the shared pickLang, string lists with the same fallback. */
import { pickLang, type Lang } from '../../shared/i18n'

export { pickLang }

/** `tagsZh` / `tagsEn` style lists: the language's list, else the other one. */
export function pickList<T extends Record<string, any>>(item: T, field: string, lang: Lang): string[] {
  const zh: string[] = item[`${field}Zh`] || []
  const en: string[] = item[`${field}En`] || []
  return lang === 'zh' ? (zh.length ? zh : en) : en.length ? en : zh
}
