/** a part of a language's texts, cut by config/texts-sections-loader.js (mini-program build only) */
declare module '*&as=texts' {
  const texts: Record<string, unknown>
  export default texts
}
