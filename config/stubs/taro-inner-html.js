// Stands in for Taro's HTML parser in the mini-program (config/index.ts, weappNoHtmlParser): innerHTML is
// off there (runtime.enableInnerHTML: false) and rich text goes through RichText, but the runtime's index
// re-exports setInnerHTML, so the parser stayed in taro.js. A call would mean the setting is wrong.
function off() {
  throw new Error('innerHTML is off in the mini-program build (config/index.ts: runtime.enableInnerHTML)')
}
export const setInnerHTML = off
export const parser = off
