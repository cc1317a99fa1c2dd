// '@tarojs/components' → '@tarojs/components-react', read lazily. Some of components-react's own components
// (Button, which taro-ui's AtButton, AtLoadMore and AtPagination render) import '@tarojs/components' back
// while components-react is still loading: a plain `module.exports = require(...)` hands them this file's
// first, empty exports object, and they render `undefined` ("Check the render method of `Button`").
// A proxy that looks each name up when it is used works whichever side loads first.
// Label and Form are ours on H5 (a plain <label> and <form>: src/components/ui/taro-form-elements.h5.tsx,
// which the H5 build gives taro-ui's AtInput and AtForm): jsdom sees what the browser gets.
const PLAIN = new Set(['Label', 'Form'])
const plain = () => require('../../../src/components/ui/taro-form-elements.h5')
const real = () => require('@tarojs/components-react')
// while components-react is half loaded, its export getters read bindings not assigned yet
const read = (key) => {
  try {
    return real()[key]
  } catch {
    return undefined
  }
}
module.exports = new Proxy(
  {},
  {
    get: (_, key) => (PLAIN.has(key) ? plain()[key] : read(key)),
    has: (_, key) => key in real(),
    ownKeys: () => Reflect.ownKeys(real()),
    getOwnPropertyDescriptor: (_, key) => {
      if (PLAIN.has(key)) return { value: plain()[key], enumerable: true, configurable: true, writable: false }
      const d = Object.getOwnPropertyDescriptor(real(), key)
      return d && { ...d, configurable: true }
    },
  },
)
