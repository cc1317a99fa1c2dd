/**
 * Sharing a mini-program page to a chat (onShareAppMessage) or to Moments (onShareTimeline): the page's
 * title, its public URL as a page path, and a picture. A page can be shared only where its config says
 * `enableShareAppMessage` / `enableShareTimeline` (home and the detail pages). WeChat shows a chat card's
 * picture at 5 : 4 and cannot show SVG there: a page without a PNG/JPEG picture of its own (the demo
 * posters are SVG) shares the Haijiao card drawn for 5 : 4 (500 × 400 PNG, scripts/share-card.mjs, served
 * by the server). Moments shows a square: without a picture WeChat uses the mini-program's logo there.
 * H5 has no such hooks: Taro's are no-ops there.
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

/** the default chat-share picture (server path; absolute on the API origin when used) */
export const DEFAULT_SHARE_CARD = '/static/share/haijiao-card.png'

export function shareImage(url: string | null | undefined): string | undefined {
  if (!url || /\.svg(\?|#|$)/i.test(url)) return undefined
  return assetUrl(url)
}

/** What WeChat receives for a chat share and a Moments share (pure, for tests). */
export function shareTargets(card: ShareCard) {
  const [, query] = splitUrl(card.path)
  const imageUrl = shareImage(card.imageUrl)
  return {
    appMessage: { title: card.title, path: toPageUrl(card.path), imageUrl: imageUrl ?? assetUrl(DEFAULT_SHARE_CARD) },
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
