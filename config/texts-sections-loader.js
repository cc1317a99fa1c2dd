/**
 * The mini-program's texts apart per package (src/shared/i18n/texts.ts): `locales/<lang>.json?omit=a,b&as=texts`
 * is the language's texts without the sections a and b, `?sections=a,b&as=texts` only those sections.
 * The main package carries every section but the ones only subpackage pages use; those pages bring
 * their sections with them (src/shared/i18n/sections/). One source file per language stays the
 * truth for the server, the web builds and the tests.
 */
module.exports = function textsSectionsLoader(source) {
  const query = new URLSearchParams(String(this.resourceQuery || '').replace(/^\?/, ''))
  const all = JSON.parse(source)
  const list = (name) => (query.get(name) || '').split(',').filter(Boolean)
  const only = list('sections')
  const omit = new Set(list('omit'))
  const missing = [...only, ...omit].filter((s) => !(s in all))
  if (missing.length) throw new Error(`${this.resourcePath}: no section ${missing.join(', ')}`)
  const out = only.length ? Object.fromEntries(only.map((s) => [s, all[s]])) : Object.fromEntries(Object.entries(all).filter(([s]) => !omit.has(s)))
  return JSON.stringify(out)
}
