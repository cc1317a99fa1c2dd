/** Site settings (GET /system/setting/site) loaded once and shared by the footer and the side menu. */
import { useEffect, useState } from 'react'
import { getSiteSettings } from '../api/content'
import type { SiteSettings } from '@contracts/site'

export const DEFAULT_ICP_URL = 'https://beian.miit.gov.cn/'

let cached: SiteSettings | null = null
let pending: Promise<SiteSettings | null> | null = null

function load(): Promise<SiteSettings | null> {
  if (cached) return Promise.resolve(cached)
  if (!pending) {
    pending = getSiteSettings()
      .then((s) => {
        // the server may answer a subset: fill the rest so the frame never reads undefined
        const got: Partial<SiteSettings> = s || {}
        cached = {
          phone: got.phone || '',
          email: got.email || '',
          icp: got.icp || '',
          icpUrl: got.icpUrl || DEFAULT_ICP_URL,
          copyrightZh: got.copyrightZh || '',
          copyrightEn: got.copyrightEn || '',
          wechatQrUrl: got.wechatQrUrl || null,
          social: Array.isArray(got.social) ? got.social : [],
        }
        return cached
      })
      .catch(() => null)
      .finally(() => {
        pending = null
      })
  }
  return pending
}

export function resetSiteSettingsCache(): void {
  cached = null
  pending = null
}

export function useSiteSettings(): SiteSettings | null {
  const [site, setSite] = useState<SiteSettings | null>(cached)
  useEffect(() => {
    let alive = true
    if (!cached) void load().then((s) => alive && s && setSite(s))
    return () => {
      alive = false
    }
  }, [])
  return site
}
