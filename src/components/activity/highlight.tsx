/**
 * Text with the search keywords highlighted (parts from highlightParts in src/shared/format.ts, which
 * matches case-insensitively), and the other-language line of a search result: the server matches a
 * keyword in either language's title or summary, so an English keyword in the Chinese UI (or the other
 * way round) may have matched only text the page does not show — that text is then shown, highlighted.
 */
import { View, Text } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import './activity.scss'
import { highlightParts } from '../../shared/format'
import { pickLang, type Lang } from '../../shared/i18n'

export default function Highlight({ text, keywords, className }: { text: string; keywords?: string; className?: string }) {
  const parts = highlightParts(text, keywords)
  return (
    <Text className={className}>
      {parts.map((p, i) =>
        p.hit ? (
          <Text key={i} className='hj-hl' data-testid='hl'>
            {p.text}
          </Text>
        ) : (
          <Text key={i}>{p.text}</Text>
        ),
      )}
    </Text>
  )
}

export const hasHit = (text: string | null | undefined, keywords: string | null | undefined): boolean =>
  highlightParts(text, keywords).some((p) => p.hit)

/** A window of about `width` characters around the first hit (whole text when short). */
export function excerptAround(text: string, keywords: string, width = 60): string {
  const parts = highlightParts(text, keywords)
  let offset = 0
  for (const p of parts) {
    if (p.hit) break
    offset += p.text.length
  }
  if (text.length <= width) return text
  const start = Math.max(0, Math.min(offset - Math.floor(width / 3), text.length - width))
  return `${start > 0 ? '…' : ''}${text.slice(start, start + width)}${start + width < text.length ? '…' : ''}`
}

/**
 * The other language's text that matched `keywords`, when none of the shown `fields` (picked for `lang`)
 * contains them; null otherwise.
 */
export function otherLangMatch(item: Record<string, any>, fields: string[], keywords: string | undefined, lang: Lang): string | null {
  if (!keywords || !keywords.trim()) return null
  if (fields.some((f) => hasHit(pickLang(item, f, lang), keywords))) return null
  const other = lang === 'zh' ? 'En' : 'Zh'
  for (const f of fields) {
    const text = item[`${f}${other}`]
    if (typeof text === 'string' && hasHit(text, keywords)) return excerptAround(text, keywords)
  }
  return null
}

export function OtherLangMatch({ item, fields, keywords, lang }: { item: Record<string, any>; fields: string[]; keywords?: string; lang: Lang }) {
  const { t } = useTranslation()
  const text = otherLangMatch(item, fields, keywords, lang)
  if (!text) return null
  return (
    <View className='hj-hl-alt' data-testid='hl-alt'>
      <Text className='hj-hl-alt__lang'>{t('search.otherLang')}</Text>
      <Highlight className='hj-hl-alt__text' text={text} keywords={keywords} />
    </View>
  )
}
