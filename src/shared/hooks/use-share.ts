/**
 * Sharing a mini-program page to a chat (onShareAppMessage) or to Moments (onShareTimeline): the page's
 * title, its public URL as a page path, and a picture. A page can be shared only where its config says
 * `enableShareAppMessage` / `enableShareTimeline` (home and the detail pages). WeChat crops the picture
 * to 5 : 4 and cannot show SVG there, so an SVG picture is left out and WeChat uses a 5 : 4 capture of
 * the page instead. H5 has no such hooks: Taro's are no-ops there.
 */
import { useRef } from 'react'
import { useShareAppMessage, useShareTimeline } from '@tarojs/taro'
import { assetUrl } from '../api/asset-url'
import { splitUrl, toPageUrl, toQuery } from '../router/routes'

export interface ShareCard {
  title: string
  /** public URL of what is shared, e.g. '/activityDetail?id=3&promoter=AB12' */
  path: string
  imageUrl?: string | null
}

export function shareImage(url: string | null | undefined): string | undefined {
  if (!url || /\.svg(\?|#|$)/i.test(url)) return undefined
  return assetUrl(url)
}

/** What WeChat receives for a chat share and a Moments share (pure, for tests). */
export function shareTargets(card: ShareCard) {
  const [, query] = splitUrl(card.path)
  const imageUrl = shareImage(card.imageUrl)
  return {
    appMessage: { title: card.title, path: toPageUrl(card.path), ...(imageUrl ? { imageUrl } : {}) },
    timeline: { title: card.title, query: toQuery(query), ...(imageUrl ? { imageUrl } : {}) },
  }
}

/** Registers the share handlers; `card()` is read when the person shares, so it sees the loaded item. */
export function useShare(card: () => ShareCard) {
  const latest = useRef(card)
  latest.current = card
  useShareAppMessage(() => shareTargets(latest.current()).appMessage)
  useShareTimeline(() => shareTargets(latest.current()).timeline)
}
