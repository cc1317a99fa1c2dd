// Stands in for jsonp-retry in the web builds (config/index.ts, webBrowserApis): Taro.request only uses it
// for its `jsonp` option, which this app never sets.
export default function jsonpRetry() {
  return Promise.reject(new Error('Taro.request({ jsonp }) is not supported in this build'))
}
