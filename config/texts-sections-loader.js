/**
 * The mini-program's texts apart per package (src/shared/i18n/texts.ts): `locales/<lang>.json?omit=a,b&as=texts`
 * is the language's texts without the sections a and b (`&keep=a.x` puts the single text a.x back),
 * `?sections=a,b&as=texts` only those sections. `&like=zh-cn` gives the same cut as a list of this
 * language's texts in the order of zh-cn.json's keys (null where it has none): the keys travel once, with
 * the Chinese texts, and src/shared/i18n/shaped-like.ts puts the list back in their shape.
 * The main package carries every section but the ones only subpackage pages use; those pages bring
 * their sections with them (src/shared/i18n/sections/). One source file per language stays the
 * truth for the server, the web builds and the tests.
 */
const fs = require('fs')
const path = require('path')

function cut(all, query, file) {
  const list = (name) => (query.get(name) || '').split(',').filter(Boolean)
  const only = list('sections')
  const omit = new Set(list('omit'))
  const missing = [...only, ...omit].filter((s) => !(s in all))
  if (missing.length) throw new Error(`${file}: no section ${missing.join(', ')}`)
  const out = only.length ? Object.fromEntries(only.map((s) => [s, all[s]])) : Object.fromEntries(Object.entries(all).filter(([s]) => !omit.has(s)))
  // `keep=section.key,…`: single texts of an omitted section the main package still shows
  for (const key of list('keep')) {
    const [section, ...rest] = key.split('.')
    const value = rest.reduce((v, k) => (v && typeof v === 'object' ? v[k] : undefined), all[section])
    if (!omit.has(section) || typeof value !== 'string') throw new Error(`${file}: keep ${key} is not a text of an omitted section`)
    let node = (out[section] ??= {})
    for (const k of rest.slice(0, -1)) node = node[k] ??= {}
    node[rest[rest.length - 1]] = value
  }
  return out
}

/** the texts of `texts` at the leaves of `shape`, depth first in key order (the walk shaped-like.ts repeats) */
function valuesLike(shape, texts) {
  const out = []
  const walk = (s, t) => {
    for (const [k, v] of Object.entries(s)) {
      const own = t && typeof t === 'object' ? t[k] : undefined
      if (v && typeof v === 'object') walk(v, own)
      else out.push(typeof own === 'string' ? own : null)
    }
  }
  walk(shape, texts)
  return out
}

module.exports = function textsSectionsLoader(source) {
  const query = new URLSearchParams(String(this.resourceQuery || '').replace(/^\?/, ''))
  const out = cut(JSON.parse(source), query, this.resourcePath)
  const like = query.get('like')
  if (!like) return JSON.stringify(out)
  if (!/^[\w-]+$/.test(like)) throw new Error(`${this.resourcePath}: like=${like} is not a locale file name`)
  const likeFile = path.join(path.dirname(this.resourcePath), `${like}.json`)
  this.addDependency(likeFile)
  const shape = cut(JSON.parse(fs.readFileSync(likeFile, 'utf8')), query, likeFile)
  return JSON.stringify(valuesLike(shape, out))
}

module.exports.valuesLike = valuesLike
