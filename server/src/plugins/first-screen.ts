/**
 * A consumer page's first screen drawn by the server, so the page's largest paint (an activity's poster)
 * and its title show as the HTML and its styles arrive instead of after the app's scripts have run
 * (on a slow phone ~1 s later). The markup is the app's own for a phone (the classes of
 * src/components/layout and src/pages/activity-detail; the styles Taro's components inject at run time
 * are written inline), in the page's language, from the same published data the app then asks for.
 * It lies over the app's container, not in it: the app removes it in the commit in which its own page
 * first draws (src/shared/platform/first-screen.h5.ts), so nothing is drawn twice, blank or shifted.
 * A desktop layout differs: there it is hidden and the app draws as before.
 */
import type { ActivityListItem } from '@contracts/activity'

export type Lang = 'zh' | 'en'
/** the app's texts of one language (src/shared/i18n/locales, with the operators' overrides) */
export type Texts = Record<string, unknown>

/** the element's id, which the app looks for (src/shared/platform/first-screen.h5.ts FIRST_SCREEN_ID) */
export const FIRST_SCREEN_ID = 'hj-first'

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')

/** a text by its dotted key, or the key itself (what i18next shows for a missing one) */
export function textOf(texts: Texts, key: string): string {
  let at: unknown = texts
  for (const part of key.split('.')) at = at && typeof at === 'object' ? (at as Record<string, unknown>)[part] : undefined
  return typeof at === 'string' ? at : key
}

/** the title in the page's language, else the other one (src/shared/i18n pickLang) */
const titleOf = (item: ActivityListItem, lang: Lang) => (lang === 'zh' ? item.titleZh || item.titleEn : item.titleEn || item.titleZh) || ''

/** the phone layout's bar and main column (src/components/layout, a page that is not a tab) */
function phonePage(path: string, title: string, texts: Texts, main: string): string {
  return (
    // over the app's container, not above it in the flow: what the app draws under it before taking over
    // (and Taro's bar, inserted above the container) moves nothing, so the swap shifts no layout
    `<style>#${FIRST_SCREEN_ID}{position:absolute;top:0;left:0;right:0;z-index:1;background:#fff}` +
    `@media (min-width: 768px){#${FIRST_SCREEN_ID}{display:none}}</style>` +
    `<div id="${FIRST_SCREEN_ID}" data-path="${escapeHtml(path)}"><div class="hj-page hj-page--mobile ">` +
    `<div class="hj-mbar"><div class="hj-mbar__back">‹ ${escapeHtml(textOf(texts, 'common.back'))}</div>` +
    `<span class="taro-text hj-mbar__title">${escapeHtml(title)}</span><div class="hj-mbar__right"></div></div>` +
    `<div class="hj-main hj-main--mobile">${main}</div></div></div>`
  )
}

/** an `<img>` as Taro's Image draws it with mode aspectFill (its run-time styles inline) */
function picture(className: string, src: string, alt: string): string {
  return (
    `<div class="taro-img ${className}" style="overflow:hidden;position:relative;font-size:0">` +
    `<img class="taro-img__mode-aspectfill" src="${escapeHtml(src)}" alt="${escapeHtml(alt)}" loading="eager" fetchpriority="high" decoding="async" style="width:100%;height:100%;object-fit:cover"></div>`
  )
}

/**
 * An activity's page (src/pages/activity-detail): its poster (`posterSrc`, the address the page's
 * `<img>` asks for), its type, time status and hot badges and its title. What depends on the visitor
 * (favourite, enrolment, the times in the visitor's zone) is the app's to draw.
 */
export function activityDetailFirstScreen(item: ActivityListItem, posterSrc: string | null, lang: Lang, texts: Texts): string {
  const title = titleOf(item, lang)
  const poster = posterSrc
    ? picture('hj-ad__poster', posterSrc, title)
    : `<div class="hj-ad__poster hj-acard__img--empty"><span>${escapeHtml(title.slice(0, 2))}</span></div>`
  const badges =
    `<span class="taro-text hj-acard__type hj-ad__badge hj-acard__type--${escapeHtml(item.type)}">${escapeHtml(textOf(texts, `activity.type.${item.type}`))}</span>` +
    (item.status ? `<span class="taro-text hj-ad__badge hj-acard__status--${escapeHtml(item.status)}">${escapeHtml(textOf(texts, `activity.status.${item.status}`))}</span>` : '') +
    (item.isHot ? `<span class="taro-text hj-ad__badge hj-ad__badge--hot">${escapeHtml(textOf(texts, 'activity.hot'))}</span>` : '')
  const main =
    `<div class="hj-ad" data-id="${item.id}"><div class="hj-ad__top">` +
    `<div class="hj-ad__poster-wrap">${poster}</div>` +
    `<div class="hj-ad__info"><div class="hj-ad__badges">${badges}</div><span class="taro-text hj-ad__title">${escapeHtml(title)}</span></div>` +
    `</div></div>`
  return phonePage('/activityDetail', title, texts, main)
}

/** `html` with `firstScreen` just before the app's container (`<div id="app">`); unchanged without one */
export function withFirstScreen(html: string, firstScreen: string): string {
  const at = html.search(/<div id="app"/i)
  return at < 0 ? html : html.slice(0, at) + firstScreen + html.slice(at)
}
