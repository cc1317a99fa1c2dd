/**
 * The mini-program renders with Preact (config/index.ts: about 90 KB less of the main package than React's
 * reconciler). What Preact does otherwise than React and reaches the view layer through setData is
 * put back to what React sent:
 * - Taro's Preact glue writes every prop whose value is `false` onto the node (Preact would remove it),
 *   so taro-ui's `active={false}`, `disabled={false}`, `circle={false}` on plain views travelled in every
 *   page's data (about a tenth more setData bytes), and a view with such a prop is drawn with the template
 *   that binds every touch event. Such a prop is not written when the node's template does not read it
 *   (it is not in the component's attribute list): nothing can show it, and React leaves it out too.
 * - A number child (`{step.no}`) stays a number in the text node; React writes it as a string. The view
 *   layer prints both alike, but a text is a string everywhere else (tests, accessibility), so it is one.
 * - Preact runs effects after the next frame (requestAnimationFrame, or 100 ms), later than Taro's setData
 *   (a timer after the render): a state change made by an effect at mount (the overlay host registering
 *   itself, say) became a second setData on every page. The effects run in a microtask after the render
 *   instead, so their updates render before Taro sends the page's data, as with React: one setData.
 *   (The mini-program's view layer paints in another thread; nothing waits for a frame here.)
 * - Preact listens for `click` (Taro turns WeChat's `tap` into `click` for it), React for `tap`; Taro
 *   draws a view whose only listener is `tap` with the light template that binds tap alone, and any other
 *   view with the one that binds every touch event (each touch then crosses to the app service). A view
 *   whose only listener is `click` is drawn with the light one too: its tap reaches the same handler.
 * The web builds render with React: `preact-tuning.h5.ts` does nothing.
 */
import { options } from 'preact'
import { TaroElement, getComponentsAlias } from '@tarojs/runtime'

/** attributes Taro itself reads whatever the template: kept as they come */
const ALWAYS_SET = /^(data-|aria-|id$|class$|style$|catchMove$|catch-move$|compileMode$|compile-mode$)/

export function tunePreactForMiniProgram(): void {
  // Taro's hook sets them again after every render of the node (whenever the prop is not on it)
  const setAttribute = TaroElement.prototype.setAttribute
  TaroElement.prototype.setAttribute = function setFalseOnlyWhereRead(this: TaroElement, name: string, value: unknown) {
    if (value === false && !ALWAYS_SET.test(name)) {
      const read = (getComponentsAlias() as Record<string, Record<string, unknown> | undefined>)[this.nodeName]
      if (!read || !(name in read)) return
    }
    setAttribute.call(this, name, value)
  }
  TaroElement.prototype.isOnlyClickBinded = function isOnlyClickBinded(this: TaroElement) {
    const handlers = (this as unknown as { __handlers: Record<string, unknown> }).__handlers
    const names = Object.keys(handlers)
    return names.length === 1 && (names[0] === 'tap' || names[0] === 'click')
  }
  options.requestAnimationFrame = (flush) => void Promise.resolve().then(flush)
  const previous = options.vnode
  options.vnode = (vnode) => {
    if (vnode.type === null && typeof vnode.props === 'number') (vnode as { props: unknown }).props = String(vnode.props)
    if (previous) previous(vnode)
  }
}
