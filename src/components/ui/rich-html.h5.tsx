/**
 * H5 variant of ./rich-html.tsx. Taro's H5 RichText is a Stencil web component: the first one on a page
 * loads the Stencil runtime and Taro's web components (two chunks, ~80 KB brotli) after the page's own
 * code, on the way to the activity page's largest paint. All it does with an HTML string is set it as
 * its innerHTML (and make the text unselectable), so a div does the same here, and the text can be copied.
 */
import { View } from '@tarojs/components'
import { absolutizeHtml } from '../../shared/api/asset-url'
import type { RichHtmlProps } from './rich-html'
import './ui.scss'

export function RichHtml({ html, className }: RichHtmlProps) {
  return <View className={`hj-c-rich-html${className ? ` ${className}` : ''}`} dangerouslySetInnerHTML={{ __html: absolutizeHtml(html) }} />
}
