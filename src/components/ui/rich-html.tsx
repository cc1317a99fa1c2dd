import { RichText } from '@tarojs/components'
import { absolutizeHtml } from '../../shared/api/asset-url'

export interface RichHtmlProps {
  /** sanitised on the server (server/src/lib/rich-text.ts) before it is stored */
  html: string
  className?: string
}

/** Sanitised HTML from the server; its pictures and links load in the mini-program too (absolutizeHtml). */
export function RichHtml({ html, className }: RichHtmlProps) {
  return <RichText className={className} nodes={absolutizeHtml(html)} />
}
