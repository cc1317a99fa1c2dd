/**
 * Splits antd's prebuilt stylesheet (antd/dist/antd.css, zero-runtime mode) in two for the admin:
 *   `antd/dist/antd.css?part=first` — the rules of the components the login page, the shell and the home
 *     view draw (the `first` option, antd class prefixes such as `btn`, `form`, `menu`), plus every rule
 *     that names no component (links, icons, keyframes, the token variables);
 *   `antd/dist/antd.css?part=rest` — every other rule, imported with the code of the lazy views.
 * A selector goes to `first` when every antd class it names belongs to a first-view component: a selector
 * also naming a later component (`.ant-modal .ant-btn`) cannot match before that component is drawn.
 * The two parts together are the rules of antd.css, each once, in antd.css's order, less the token
 * variables antd.css sets on the theme class of the page it was built from (`.css-var-_R_…`, a React
 * useId): the ConfigProvider's theme class is another (`css-var-adm`, core/admin-root.tsx), and in
 * zero-runtime mode antd still writes the theme's and each component's variables for it at run time.
 * Except for the components the admin draws as their markup alone (components/plain.tsx: the `plainVars`
 * option): nothing writes their variables at run time, so their rule is kept on the component's own class
 * (`.ant-card{--ant-card-body-padding:24px…}`; those values do not follow the theme's primary colour or
 * radius), below the `.css-var-adm.ant-card` rule antd writes when one of its Cards is drawn.
 * Runs as a pre-loader, on the CSS text before css-loader (config/admin.ts).
 */
const postcss = require('postcss')

// prefixes whose first word is a first-view component's but which belong to other components
const COMPOUND = ['input-number', 'input-otp', 'tree-select', 'color-picker', 'float-btn', 'btn-group-compact-never']

function classify(first) {
  const firstWords = new Set(first)
  const known = new Set()
  return {
    learn(root) {
      root.walkRules((r) => {
        for (const m of r.selector.matchAll(/\.ant-([a-z]+)/g)) known.add(m[1])
      })
    },
    /** true when the class (without the dot) can be drawn by a first-view component */
    isFirst(token) {
      const name = token.slice(4)
      if (COMPOUND.some((c) => name === c || name.startsWith(`${c}-`))) return false
      const word = name.split('-')[0]
      return firstWords.has(word) || !known.has(word)
    },
  }
}

/**
 * Component variables antd.css holds as values of the default theme that antd derives from the theme
 * (antd/es/input/style/token.js): written as the global variables they derive from, which carry the
 * admin's theme (primary colour) at run time.
 */
const THEMED = {
  '--ant-input-active-border-color': 'var(--ant-color-primary)',
  '--ant-input-hover-border-color': 'var(--ant-color-primary-hover)',
  '--ant-input-active-shadow': '0 0 0 var(--ant-control-outline-width) var(--ant-control-outline)',
}

function split(css, first, plainVars = []) {
  const root = postcss.parse(css)
  const c = classify(first)
  c.learn(root)
  const out = { first: postcss.root(), rest: postcss.root() }

  const foreignTheme = (sel) => /\.css-var-_R_/.test(sel)
  const selectorIsFirst = (sel) => [...sel.matchAll(/\.(ant-[a-z][a-z0-9-]*)/g)].every((m) => c.isFirst(m[1]))

  const plainVarsRule = new RegExp(`^\\.css-var-_R_[A-Za-z0-9_]+\\.ant-((?:${plainVars.join('|') || '(?!)'})(?:-css-var)?)$`)

  /** appends node's share to each of the two parents */
  function place(node, parents) {
    if (node.type === 'rule') {
      const plain = node.selectors.length === 1 && node.selector.match(plainVarsRule)
      if (plain) {
        // the variables' rule names `.ant-input` or `.ant-form-css-var`; antd's own elements carry either
        const name = plain[1].replace(/-css-var$/, '')
        const rule = node.clone({ selectors: [`.ant-${name}`, `.ant-${name}-css-var`] })
        rule.walkDecls((d) => {
          if (THEMED[d.prop]) d.value = THEMED[d.prop]
        })
        parents.first.append(rule)
        return
      }
      const sels = node.selectors.filter((s) => !foreignTheme(s))
      const f = sels.filter(selectorIsFirst)
      const r = sels.filter((s) => !selectorIsFirst(s))
      if (f.length) parents.first.append(node.clone({ selectors: f }))
      if (r.length) parents.rest.append(node.clone({ selectors: r }))
      return
    }
    if (node.type === 'atrule' && node.nodes && /^(media|supports|container|layer)$/.test(node.name)) {
      const shells = { first: node.clone({ nodes: [] }), rest: node.clone({ nodes: [] }) }
      for (const child of node.nodes) place(child, shells)
      for (const k of ['first', 'rest']) if (shells[k].nodes.length) parents[k].append(shells[k])
      return
    }
    if (node.type === 'comment') return
    // keyframes, font faces and anything else: shared by both, kept with the first part
    parents.first.append(node.clone())
  }
  for (const node of root.nodes) place(node, out)
  return { first: out.first.toString(), rest: out.rest.toString() }
}

module.exports = function antdCssSplitLoader(source) {
  const { first, plainVars } = this.getOptions()
  const part = new URLSearchParams(this.resourceQuery.replace(/^\?/, '')).get('part')
  if (part !== 'first' && part !== 'rest') return source
  return split(source, first, plainVars)[part]
}

module.exports.split = split
