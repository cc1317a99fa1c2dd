// miniprogram-compiler (WeChat's wcc/wcsc wrapped for Node) ships no types; the weapp suite uses two of its
// entry points (tests/weapp/support/wechat-compilers.ts).
declare module 'miniprogram-compiler' {
  /** wcc's output for every given .wxml/.wxs, wrapped as a function body that returns `$gwx`; throws on a compile error */
  export function wxmlToJs(root: string, options?: { wxmlList?: string[]; wxsList?: string[]; maxBuffer?: number }): string
}

declare module 'miniprogram-compiler/src/wcsc' {
  /** wcsc's output per file ('version', 'comm', '<file>.wxss'); a compile error is returned, not thrown */
  function wxssToJs(root: string, files: string[], options?: { maxBuffer?: number }): Record<string, string> | Error
  export default wxssToJs
}
