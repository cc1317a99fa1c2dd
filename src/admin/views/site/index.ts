/** Site area: menu component key → view. Spread into views/registry.ts. */
import type { ComponentType } from 'react'
import type { ViewProps } from '../registry'
import { SITE_MENUS } from '../../../shared/contracts/admin-site'
import { AdvertView, BannerView, CaseView, PartnerView, PlatformView, RoadshowView, VideoView } from './site-views'
import RichContentView from './rich-view'

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
