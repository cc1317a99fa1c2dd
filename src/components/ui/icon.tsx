/**
 * Line icons drawn from SVG outlines (24 × 24, stroke 1.8: the set scripts/tab-icons.mjs draws the
 * mini-program's tab bar from), instead of characters used as icons (✉ ☏ 微 博 …), which read as text
 * and say nothing to a screen reader. The icon is decoration (aria-hidden): the element around it
 * carries the accessible name (its visible label or aria-label).
 * Without `color` the outline is a mask filled with the text colour (hover colours follow; H5);
 * with `color` it is a plain background picture (works everywhere, the mini-program included).
 */
import { View } from '@tarojs/components'

/** outlines; `fill` parts are drawn in the stroke colour */
export const ICONS = {
  home: '<path d="M3 11.2 12 4l9 7.2"/><path d="M5.5 9.5V20h13V9.5"/><path d="M10 20v-5.5h4V20"/>',
  activity: '<rect x="3.5" y="5" width="17" height="15.5" rx="2"/><path d="M3.5 9.8h17M8 3v4M16 3v4"/><path d="M8 14h3M8 17h6"/>',
  roadshow: '<rect x="3" y="4" width="18" height="11.5" rx="1.5"/><path d="M12 15.5V20M8 20.5h8"/><path d="M7 11.5l3-3 2.5 2 4-4"/>',
  match: '<circle cx="12" cy="12" r="8.5"/><circle cx="12" cy="12" r="4.5"/><circle cx="12" cy="12" r="1" fill="C"/>',
  center: '<circle cx="12" cy="8.5" r="4"/><path d="M4.5 20.5c.8-4 3.9-6.3 7.5-6.3s6.7 2.3 7.5 6.3"/>',
  mail: '<rect x="3" y="5.5" width="18" height="13" rx="2"/><path d="M3.5 7l8.5 6.5L20.5 7"/>',
  service: '<path d="M4.5 13.5V12a7.5 7.5 0 0 1 15 0v1.5"/><rect x="3" y="13" width="4" height="6" rx="1.5"/><rect x="17" y="13" width="4" height="6" rx="1.5"/><path d="M19 19c0 1.5-1.8 2.5-5 2.5"/>',
  phone: '<path d="M6.6 3.5h2.6l1.5 4.2-2 1.3a11 11 0 0 0 6.3 6.3l1.3-2 4.2 1.5v2.6a2 2 0 0 1-2.2 2A16.5 16.5 0 0 1 4.6 5.7a2 2 0 0 1 2-2.2z"/>',
  wechat: '<path d="M9.5 4C5.4 4 2.5 6.6 2.5 9.7c0 1.8 1 3.3 2.5 4.4L4.4 16.5l2.8-1.4c.7.2 1.5.3 2.3.3"/><path d="M15 9c-3.6 0-6.5 2.3-6.5 5.2s2.9 5.2 6.5 5.2c.7 0 1.3-.1 1.9-.3l2.6 1.3-.6-2.1c1.6-1 2.6-2.5 2.6-4.1C21.5 11.3 18.6 9 15 9z"/><circle cx="7" cy="8.5" r=".6" fill="C"/><circle cx="11.5" cy="8.5" r=".6" fill="C"/><circle cx="12.8" cy="13.5" r=".6" fill="C"/><circle cx="17.2" cy="13.5" r=".6" fill="C"/>',
  weibo: '<path d="M10.5 19.5c-4.4 0-7.5-2.1-7.5-4.8 0-2.9 3.9-7 7.2-7.8 1.6-.4 2 .8 1.6 2.4 1.9-.9 3.8-.8 3.5 1 3 .6 3.7 2.1 3.7 3.4 0 3.1-3.9 5.8-8.5 5.8z"/><ellipse cx="10" cy="15.2" rx="3.4" ry="2.4"/><path d="M16.5 3.8a4.5 4.5 0 0 1 4.2 5.2M16.2 6.4a2 2 0 0 1 1.9 2.3"/>',
  linkedin: '<rect x="3" y="3" width="18" height="18" rx="3"/><path d="M7.5 10.5v6M7.5 7.3v.2M11.5 16.5v-6M11.5 13c0-1.5 1-2.5 2.3-2.5s2.2.9 2.2 2.5v3.5"/>',
  douyin: '<path d="M13 3.5v11.8a3.3 3.3 0 1 1-3.3-3.3"/><path d="M13 3.5c.4 2.6 2.2 4.3 4.8 4.5"/>',
  top: '<path d="M5 4h14"/><path d="M12 20V8.5M6.5 14 12 8.5l5.5 5.5"/>',
  chat: '<path d="M4 5.5h16a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1h-8.5L7 21v-3.5H4a1 1 0 0 1-1-1v-10a1 1 0 0 1 1-1z"/><path d="M7.5 11.5h.1M12 11.5h.1M16.5 11.5h.1" stroke-width="2.4"/>',
  check: '<circle cx="12" cy="12" r="9"/><path d="M7.5 12.3l3 3 6-6.3"/>',
  globe: '<circle cx="12" cy="12" r="9"/><path d="M3 12h18M12 3c2.5 2.6 3.6 5.6 3.6 9s-1.1 6.4-3.6 9c-2.5-2.6-3.6-5.6-3.6-9S9.5 5.6 12 3z"/>',
  star: '<path d="M12 3.5l2.6 5.4 5.9.8-4.3 4.1 1 5.8L12 16.8l-5.2 2.8 1-5.8-4.3-4.1 5.9-.8z"/>',
  gift: '<rect x="3.5" y="8" width="17" height="4" rx="1"/><path d="M5 12v8.5h14V12M12 8v12.5"/><path d="M12 8C10.5 4.5 7 4.5 7 6.3 7 8 12 8 12 8zm0 0c1.5-3.5 5-3.5 5-1.7C17 8 12 8 12 8z"/>',
  empty: '<path d="M3.5 13.5 6 5.5h12l2.5 8"/><path d="M3.5 13.5v5h17v-5h-5.2a3.3 3.3 0 0 1-6.6 0z"/>',
} as const

export type IconName = keyof typeof ICONS

/** the outline as an SVG data URL in a colour */
export function iconUrl(name: IconName, color = '#333333'): string {
  const body = ICONS[name].replace(/"C"/g, `"${color}"`)
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="${color}" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round">${body}</svg>`
  return `url("data:image/svg+xml,${encodeURIComponent(svg)}")`
}

export default function Icon({ name, className, color, testid }: { name: IconName; className?: string; color?: string; testid?: string }) {
  const style = color
    ? { backgroundImage: iconUrl(name, color), backgroundSize: 'contain', backgroundRepeat: 'no-repeat', backgroundPosition: 'center' }
    : { WebkitMaskImage: iconUrl(name, '#000'), maskImage: iconUrl(name, '#000'), WebkitMaskSize: 'contain', maskSize: 'contain', WebkitMaskRepeat: 'no-repeat', maskRepeat: 'no-repeat', WebkitMaskPosition: 'center', maskPosition: 'center', backgroundColor: 'currentColor' }
  return <View className={`hj-icon${className ? ` ${className}` : ''}`} style={style} aria-hidden='true' data-icon={name} data-testid={testid} />
}
