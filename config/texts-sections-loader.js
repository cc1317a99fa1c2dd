/**
 * The mini-program's texts apart per package (src/shared/i18n/texts.ts): `locales/<lang>.json?omit=a,b&as=texts`
 * is the language's texts without the sections a and b (`&keep=a.x` puts the single text a.x back),
 * `?sections=a,b&as=texts` only those sections.
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
  // `keep=section.key,…`: single texts of an omitted section the main package still shows
  for (const key of list('keep')) {
    const [section, ...rest] = key.split('.')
    const value = rest.reduce((v, k) => (v && typeof v === 'object' ? v[k] : undefined), all[section])
    if (!omit.has(section) || typeof value !== 'string') throw new Error(`${this.resourcePath}: keep ${key} is not a text of an omitted section`)
    let node = (out[section] ??= {})
    for (const k of rest.slice(0, -1)) node = node[k] ??= {}
    node[rest[rest.length - 1]] = value
  }
  return JSON.stringify(out)
}
