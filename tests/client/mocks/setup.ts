// Build constants the Taro config injects; TARO_ENV=h5 because jsdom is a browser.
;(globalThis as any).APP_VERSION = 'test-build'
;(globalThis as any).API_BASE = 'http://localhost:8080'
process.env.TARO_ENV = process.env.TARO_ENV || 'h5'
// Compile-time flags Taro's runtime expects (the Taro webpack config normally defines them).
Object.assign(globalThis as any, {
  ENABLE_INNER_HTML: true,
  ENABLE_ADJACENT_HTML: true,
  ENABLE_SIZE_APIS: false,
  ENABLE_TEMPLATE_CONTENT: false,
  ENABLE_CLONE_NODE: true,
  ENABLE_CONTAINS: true,
  ENABLE_MUTATION_OBSERVER: false,
  DEPRECATED_ADAPTER_COMPONENT: false,
})

// components-react's Input handles onConfirm itself but still forwards the prop to the DOM; React warns.
// AtInput hands it the mini-program's input props too (placeholderStyle, cursorSpacing …), which it also
// forwards to the <input>: the same warning, about props that mean nothing on H5.
const FORWARDED_INPUT_PROPS = ['placeholderStyle', 'placeholderClass', 'cursorSpacing', 'selectionStart', 'selectionEnd', 'adjustPosition']
const consoleError = console.error
console.error = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].includes('Unknown event handler property `%s`') && (args[1] === 'onConfirm' || args[1] === 'onKeyboardHeightChange')) return
  if (typeof args[0] === 'string' && args[0].includes('React does not recognize the `%s` prop on a DOM element') && FORWARDED_INPUT_PROPS.includes(args[1] as string)) return
  consoleError(...args)
}
