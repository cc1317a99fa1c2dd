/** Bilingual data in the view's language. */
export type Lang = 'zh' | 'en'

/** The text in `lang`, else the other language's ('' when both are empty). */
export function pick(lang: Lang, zh: string | null | undefined, en: string | null | undefined): string {
  return (lang === 'en' ? en || zh : zh || en) || ''
}

/** The name of a row with nameZh / nameEn in `lang` ('—' when it has none). */
export function nameIn(row: { nameZh?: string | null; nameEn?: string | null }, lang: Lang): string {
  return pick(lang, row.nameZh, row.nameEn) || '—'
}
