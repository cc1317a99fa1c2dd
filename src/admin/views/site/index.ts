/** Site area: menu component key → view. Spread into views/registry.ts. */
import type { ComponentType } from 'react'
import type { ViewProps } from '../view-props'
import { SITE_MENUS } from '@contracts/admin-site'
import { lazyView } from '../lazy-view'

// each view is fetched when its route first opens (views/lazy-view.tsx)
const AdvertView = lazyView(() => import('./site-views').then((m) => ({ default: m.AdvertView })))
const BannerView = lazyView(() => import('./site-views').then((m) => ({ default: m.BannerView })))
const CaseView = lazyView(() => import('./site-views').then((m) => ({ default: m.CaseView })))
const PartnerView = lazyView(() => import('./site-views').then((m) => ({ default: m.PartnerView })))
const PlatformView = lazyView(() => import('./site-views').then((m) => ({ default: m.PlatformView })))
const RoadshowView = lazyView(() => import('./site-views').then((m) => ({ default: m.RoadshowView })))
const VideoView = lazyView(() => import('./site-views').then((m) => ({ default: m.VideoView })))
const RichContentView = lazyView(() => import('./rich-view'))

export const SITE_VIEWS: Record<string, ComponentType<ViewProps>> = {
  [SITE_MENUS.banner]: BannerView,
  [SITE_MENUS.advert]: AdvertView,
  [SITE_MENUS.rich]: RichContentView,
  [SITE_MENUS.video]: VideoView,
  [SITE_MENUS.case]: CaseView,
  [SITE_MENUS.partner]: PartnerView,
  [SITE_MENUS.platform]: PlatformView,
  [SITE_MENUS.roadshow]: RoadshowView,
}
