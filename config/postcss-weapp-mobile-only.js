/**
 * The mini-program always draws the mobile layout (src/shared/hooks/use-viewport.ts: isWeapp() is mobile),
 * so no element there ever carries `hj-page--desktop`. The styles shared with the web keep their desktop
 * rules under that class; this plugin removes, from the mini-program's styles only, every selector that
 * needs it (a rule loses the selectors, and goes when none is left). About a fifth of common.wxss.
 */
const DESKTOP = /(^|[\s>+~,])\.hj-page--desktop(?![\w-])/

module.exports = () => ({
  postcssPlugin: 'haijiao-weapp-mobile-only',
  Rule(rule) {
    if (!rule.selector.includes('hj-page--desktop')) return
    const kept = rule.selectors.filter((s) => !DESKTOP.test(s))
    if (kept.length === 0) rule.remove()
    else if (kept.length !== rule.selectors.length) rule.selectors = kept
  },
})
module.exports.postcss = true
