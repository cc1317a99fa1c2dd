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
import { ACTIVITY_STATUS_FILTERS, ACTIVITY_TYPE_FILTERS, type ActivityListItem } from '@contracts/activity'
import { parseUtcOffset } from '@contracts/time-zone'
import type { Banner } from '@contracts/site'

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

/** a bilingual field in the page's language, else the other one (src/shared/i18n pickLang) */
export const inLang = (lang: Lang, zh: string | null | undefined, en: string | null | undefined): string => (lang === 'zh' ? zh || en : en || zh) || ''
const titleOf = (item: ActivityListItem, lang: Lang) => inLang(lang, item.titleZh, item.titleEn)

/** the phone layout's bar and main column (src/components/layout: a page that is not a tab has a back link, a tab the logo and the search box) */
function phonePage(path: string, title: string, texts: Texts, main: string, tab = false): string {
  const start = tab ? `<span class="taro-text hj-mbar__logo">海交</span>` : `<div class="hj-mbar__back">‹ ${escapeHtml(textOf(texts, 'common.back'))}</div>`
  return (
    // over the app's container, not above it in the flow: what the app draws under it before taking over
    // (and Taro's bar, inserted above the container) moves nothing, so the swap shifts no layout
    // the body's line height the app's runtime styles set (an inline style its script adds): set here, the
    // drawing has its final height from the first paint, not one that grows when that style arrives
    `<style>#${FIRST_SCREEN_ID}{position:absolute;top:0;left:0;right:0;z-index:1;background:#fff;line-height:1.6}` +
    `@media (min-width: 768px){#${FIRST_SCREEN_ID}{display:none}}</style>` +
    `<div id="${FIRST_SCREEN_ID}" data-path="${escapeHtml(path)}"><div class="hj-page hj-page--mobile${tab ? ' has-tabbar' : ''} ">` +
    `<div class="hj-mbar">${start}` +
    `<span class="taro-text hj-mbar__title">${escapeHtml(title)}</span><div class="hj-mbar__right"></div></div>` +
    (tab ? searchBox(texts) : '') +
    `<div class="hj-main hj-main--mobile">${main}</div></div></div>`
  )
}

/** the phone's search box under the bar (src/components/layout/mobile-search.tsx, taro-ui's search bar) */
function searchBox(texts: Texts): string {
  const placeholder = escapeHtml(textOf(texts, 'frame.searchBar'))
  const action = escapeHtml(textOf(texts, 'header.search'))
  return (
    `<div class="hj-msearch"><div class="hj-sbox" role="search"><div class="hj-sbox__field"><div class="at-search-bar"><div class="at-search-bar__input-cnt">` +
    `<div class="at-search-bar__placeholder-wrap" style="flex-grow: 1;"><span class="taro-text at-icon at-icon-search"></span><span class="taro-text at-search-bar__placeholder" style="visibility: visible;">${placeholder}</span></div>` +
    `<input class="taro-input-core weui-input at-search-bar__input" type="search" maxlength="140" value="" aria-label="${placeholder}" readonly style="border: 0; outline: 0; background: transparent; -webkit-appearance: none; appearance: none;">` +
    `</div><div class="at-search-bar__action" style="opacity: 0; margin-right: -115px;">${action}</div></div></div>` +
    `<div class="hj-sbox__btn">${action}</div></div></div>`
  )
}

/**
 * an `<img>` as Taro's Image draws it with mode aspectFill (its run-time styles inline), marked for the
 * browser to report its paint (Element Timing: FIRST_PAINT_START_JS waits for the first one)
 */
function picture(className: string, src: string, alt: string, size?: { width: number; height: number }): string {
  return (
    `<div class="taro-img ${className}" style="overflow:hidden;position:relative;font-size:0">` +
    `<img class="taro-img__mode-aspectfill" src="${escapeHtml(src)}" alt="${escapeHtml(alt)}"${size ? ` width="${size.width}" height="${size.height}"` : ''} loading="eager" fetchpriority="high" decoding="async" elementtiming="${FIRST_SCREEN_ID}" style="width:100%;height:100%;object-fit:cover"></div>`
  )
}

/**
 * The home page (src/pages/index): the bar, the search box and the banner carousel at its first slide
 * (`firstSrc`, the address its `<img>` asks for), with its dots. The sections below are the app's.
 */
export function homeFirstScreen(banners: Banner[], firstSrc: string, lang: Lang, texts: Texts): string {
  const first = banners[0]
  const title = inLang(lang, first.titleZh, first.titleEn)
  const dots = banners.map((_, i) => `<div class="hj-carousel__dot${i === 0 ? ' is-active' : ''}"></div>`).join('')
  const main =
    `<div class="hj-carousel hj-banner"><div class="hj-carousel__track" style="transform: translateX(0%);">` +
    `<div class="hj-carousel__slide"><div class="hj-banner__item">${picture('hj-banner__img', firstSrc, '', { width: 1600, height: 400 })}` +
    `<span class="taro-text hj-banner__title">${escapeHtml(title)}</span></div></div></div>` +
    (banners.length > 1 ? `<div class="hj-carousel__dots">${dots}</div>` : '') +
    `</div>`
  return phonePage('/', textOf(texts, 'app.name'), texts, main, true)
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

/** a filter row's choice as the list draws it (src/components/activity/activity-filters.tsx: a chip is taro-ui's small round tag) */
export interface FilterOption {
  code: string
  label: string
}

const chip = (label: string, active: boolean) =>
  `<div class="hj-chip${active ? ' is-active' : ''}"><div class="at-tag at-tag--small at-tag--primary${active ? ' at-tag--active' : ''} at-tag--circle">${escapeHtml(label)}</div></div>`

function filterRow(label: string, options: FilterOption[], texts: Texts): string {
  return (
    `<div class="hj-filter__row"><span class="taro-text hj-filter__label">${escapeHtml(label)}</span><div class="hj-filter__chips">` +
    chip(textOf(texts, 'activity.all'), true) +
    options.map((o) => chip(o.label, false)).join('') +
    `</div></div>`
  )
}

/** an instant at a fixed offset, 'YYYY-MM-DD HH:mm' */
const stampAt = (iso: string, minutes: number) => {
  const t = Date.parse(iso)
  return Number.isNaN(t) ? '' : new Date(t + minutes * 60_000).toISOString().slice(0, 16).replace('T', ' ')
}

/**
 * A card's time as the list shows it (src/shared/format.ts formatRangeAtOffset, in the activity's own
 * zone). An activity without a readable zone is shown in the viewer's, which only the app knows: China's
 * until it takes over.
 */
function cardTime(item: ActivityListItem): string {
  const minutes = parseUtcOffset(item.timeZone) ?? 8 * 60
  const start = stampAt(item.startTime, minutes)
  const end = item.endTime ? stampAt(item.endTime, minutes) : ''
  const range = !end ? start : end.slice(0, 10) === start.slice(0, 10) ? `${start} – ${end.slice(11)}` : `${start} – ${end}`
  return `${range}${item.timeZone ? ` (${item.timeZone})` : ''}`
}

/** an activity card in the list's phone layout (src/components/activity/activity-card.tsx, `wide`) */
function activityCard(item: ActivityListItem, posterSrc: string | null, lang: Lang, texts: Texts): string {
  const title = titleOf(item, lang)
  const summary = inLang(lang, item.summaryZh, item.summaryEn)
  const place = [inLang(lang, item.cityZh, item.cityEn), inLang(lang, item.organizerNameZh, item.organizerNameEn)].filter(Boolean).join(' · ')
  const tags = ((lang === 'zh' ? item.tagsZh : item.tagsEn) || []).slice(0, 4)
  return (
    `<div class="hj-acard hj-acard--wide" data-id="${item.id}"><div class="hj-acard__poster">` +
    (posterSrc ? picture('hj-acard__img', posterSrc, '') : `<div class="hj-acard__img hj-acard__img--empty"><span>${escapeHtml(title.slice(0, 2))}</span></div>`) +
    `<span class="taro-text hj-acard__type hj-acard__type--${escapeHtml(item.type)}">${escapeHtml(textOf(texts, `activity.type.${item.type}`))}</span>` +
    (item.status ? `<span class="taro-text hj-acard__status hj-acard__status--${escapeHtml(item.status)}">${escapeHtml(textOf(texts, `activity.status.${item.status}`))}</span>` : '') +
    `</div><div class="hj-acard__body"><span class="taro-text hj-acard__title"><span class="taro-text">${escapeHtml(title)}</span></span>` +
    (summary ? `<span class="taro-text hj-acard__summary"><span class="taro-text">${escapeHtml(summary)}</span></span>` : '') +
    `<span class="taro-text hj-acard__meta">${escapeHtml(cardTime(item))}</span>` +
    `<span class="taro-text hj-acard__meta">${escapeHtml(place)}</span>` +
    (tags.length ? `<div class="hj-acard__tags">${tags.map((t) => `<div class="at-tag at-tag--small hj-tag">${escapeHtml(t)}</div>`).join('')}</div>` : '') +
    `</div></div>`
  )
}

/** the activity list's filter rows: format and status (the app's own codes), then category and country when there are any */
export interface ActivityListFilters {
  categories: FilterOption[]
  countries: FilterOption[]
}

/** the cards a phone's first screen holds (src/pages/activity FIRST_CARDS) */
const FIRST_CARDS = 4

/**
 * The activity list without filters (src/pages/activity) on a phone: the bar and search box, the filter
 * rows, the count and the first cards (`posterSrc` gives the address a card's `<img>` asks for). Loading
 * more and the desktop's pages are the app's.
 */
export function activityListFirstScreen(
  items: ActivityListItem[],
  total: number,
  filters: ActivityListFilters,
  posterSrc: (url: string | null | undefined) => string | null,
  lang: Lang,
  texts: Texts,
): string {
  const own = (group: string, codes: readonly string[]) => codes.map((code) => ({ code, label: textOf(texts, `activity.${group}.${code}`) }))
  const rows =
    filterRow(textOf(texts, 'activity.filter.type'), own('type', ACTIVITY_TYPE_FILTERS), texts) +
    filterRow(textOf(texts, 'activity.filter.status'), own('status', ACTIVITY_STATUS_FILTERS), texts) +
    (filters.categories.length ? filterRow(textOf(texts, 'activity.filter.category'), filters.categories, texts) : '') +
    (filters.countries.length ? filterRow(textOf(texts, 'activity.filter.country'), filters.countries, texts) : '')
  const main =
    `<div class="hj-filter">${rows}</div>` +
    `<div class="hj-alist__head"><span class="taro-text hj-alist__count">${escapeHtml(textOf(texts, 'activity.count').replace('{{n}}', String(total)))}</span></div>` +
    `<div class="hj-alist">${items.slice(0, FIRST_CARDS).map((item) => activityCard(item, posterSrc(item.posterUrl), lang, texts)).join('')}</div>`
  return phonePage('/activity', textOf(texts, 'router.activity.index'), texts, main, true)
}

/** `html` with `firstScreen` just before the app's container (`<div id="app">`); unchanged without one */
export function withFirstScreen(html: string, firstScreen: string): string {
  const at = html.search(/<div id="app"/i)
  return at < 0 ? html : html.slice(0, at) + firstScreen + html.slice(at)
}

/** the longest the app waits for the first screen's picture */
const START_CAP_MS = 1000

/**
 * Starts the app once the drawn first screen has painted its picture. The app's scripts are the page's
 * longest task (~0.5 s on a mid-range phone); run as the build's `defer` scripts, they start as soon as
 * they have arrived, and when they arrive before the picture (a repeat visit, a fast network) the
 * picture's paint waits behind them, so the first screen drawn here showed without its largest element.
 * This script (served as a file: the CSP allows no inline script) starts them, in their order, when the
 * browser reports the first screen's first picture on the screen (Element Timing; without it, the frame
 * after the picture has loaded), at once when no first screen shows (the desktop layout hides it) or its
 * picture failed, and after START_CAP_MS whatever the picture does: a slow picture never holds the app
 * back longer. The scripts download meanwhile (preloaded).
 */
export const FIRST_PAINT_START_JS = `(function () {
  var me = document.currentScript;
  var srcs = ((me && me.getAttribute('data-app')) || '').split(' ');
  var started = false;
  function start() {
    if (started) return;
    started = true;
    for (var i = 0; i < srcs.length; i++) {
      if (!srcs[i]) continue;
      var s = document.createElement('script');
      s.src = srcs[i];
      s.async = false;
      document.head.appendChild(s);
    }
  }
  var first = document.getElementById('${FIRST_SCREEN_ID}');
  var img = first && getComputedStyle(first).display !== 'none' ? first.querySelector('img') : null;
  if (!img || (img.complete && !img.naturalWidth)) return start();
  setTimeout(start, ${START_CAP_MS});
  img.addEventListener('error', start);
  var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  if (types.indexOf('element') >= 0) {
    // the browser reports the picture (marked elementtiming) once it is on the screen, whether or not it
    // is the page's largest paint
    new PerformanceObserver(function (list) {
      var entries = list.getEntries();
      for (var i = 0; i < entries.length; i++) if (entries[i].element === img) setTimeout(start, 0);
    }).observe({ type: 'element', buffered: true });
  } else {
    // without that report: the frame after the picture has loaded
    var painted = function () {
      requestAnimationFrame(function () { setTimeout(start, 0); });
    };
    if (img.complete) painted();
    else img.addEventListener('load', painted);
  }
})();
`

/**
 * `html` (a page with a drawn first screen) whose build scripts (`<script defer src>`) are preloaded
 * instead, and started by the script at `startSrc` (FIRST_PAINT_START_JS) in the same order; unchanged
 * when it has none.
 */
export function withAppAfterFirstPaint(html: string, startSrc: string): string {
  const srcs: string[] = []
  const out = html.replace(/<script defer(?:="defer")? src="([^"]+)"><\/script>/g, (_, src: string) => {
    srcs.push(src)
    // low, as the build's deferred scripts were: downloaded beside the first screen, not before its
    // picture (a high-priority script is also one the browser's scheduling treats as holding the first paint)
    return `<link rel="preload" as="script" fetchpriority="low" href="${src}">`
  })
  if (!srcs.length) return html
  const end = out.search(/<\/head>/i)
  if (end < 0) return html
  // the addresses as the build's attributes held them (already attribute text: not escaped again)
  return out.slice(0, end) + `<script defer src="${escapeHtml(startSrc)}" data-app="${srcs.join(' ')}"></script>` + out.slice(end)
}
