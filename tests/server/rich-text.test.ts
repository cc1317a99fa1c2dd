/**
 * Rich-text sanitization: an XSS payload corpus through sanitizeRichText() and through one real
 * admin write + consumer read round trip (SQLite and PostgreSQL). The output is parsed the way a browser
 * parses it (jsdom) and must hold no executable content: no script-capable element, no event handler, no
 * style, no javascript:/vbscript:/data: URL; normal formatting (headings, lists, links, images, Quill
 * classes) is kept. Also the website check (http:// or https:// only).
 */
import { JSDOM } from 'jsdom'
import { checkWebsite, sanitizeRichText } from '../../server/src/lib/rich-text'
import { describeEachDb, type Harness } from './harness'
import { CMS_API } from '@contracts/admin-cms'

export const XSS_PAYLOADS: string[] = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=http://xss.example/xss.js></SCRIPT>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<<script>alert(1)//<</script>',
  '<script/xss src="http://xss.example/a.js"></script>',
  '<img src=x onerror=alert(1)>',
  '<img src="javascript:alert(1)">',
  '<img src=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<IMG SRC="jav&#x09;ascript:alert(1);">',
  '<img """><script>alert(1)</script>">',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JaVaScRiPt:alert(1)">click</a>',
  '<a href="&#x6A;avascript:alert(1)">click</a>',
  '<a href=" javascript:alert(1)">click</a>',
  '<a href="java\nscript:alert(1)">click</a>',
  '<a href="vbscript:msgbox(1)">click</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">click</a>',
  '<a href="//evil.example/x">protocol-relative</a>',
  '<p onclick="alert(1)" onmouseover=alert(2)>text</p>',
  '<body onload=alert(1)>',
  '<svg onload=alert(1)><script>alert(2)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="data:text/html,<script>alert(1)</script>">',
  '<style>body{background:url("javascript:alert(1)")}</style>',
  '<div style="width: expression(alert(1))">css</div>',
  '<p style="background-image:url(javascript:alert(1))">css</p>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<input onfocus=alert(1) autofocus>',
  '<details open ontoggle=alert(1)>',
  '<video src=x onerror=alert(1)></video>',
  '<video poster="javascript:alert(1)" src="https://ok.example/v.mp4"></video>',
  '<link rel=stylesheet href="javascript:alert(1)">',
  '<table background="javascript:alert(1)"><tr><td>x</td></tr></table>',
  '<p>unclosed <b onmouseover=alert(1)>bold',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<template><script>alert(1)</script></template>',
  '<a href="https://ok.example" target="_blank" onclick="alert(1)">ok</a>',
  '<!--<img src=x onerror=alert(1)>-->',
  '<![CDATA[<script>alert(1)</script>]]>',
  '<img src="x` `<script>alert(1)</script>"` `>',
  '<span class="ql-size-large evil" data-x="1" id="x" onclick=alert(1)>quill</span>',
]

const FORBIDDEN_TAGS = new Set([
  'script', 'iframe', 'object', 'embed', 'style', 'meta', 'base', 'form', 'input', 'button', 'svg', 'math', 'link',
  'body', 'html', 'frame', 'frameset', 'template', 'noscript', 'details', 'textarea', 'select', 'applet',
])
const URL_ATTRS = ['href', 'src', 'poster', 'action', 'formaction', 'background', 'xlink:href', 'data', 'srcdoc']

/** Problems a browser would execute in `html` (parsed by jsdom like a browser parses it). */
export function executableParts(html: string): string[] {
  const dom = new JSDOM(`<!doctype html><body><div id="root">${html}</div></body>`)
  const root = dom.window.document.getElementById('root')!
  const problems: string[] = []
  for (const el of Array.from(root.querySelectorAll('*'))) {
    const tag = el.tagName.toLowerCase()
    if (FORBIDDEN_TAGS.has(tag)) problems.push(`tag <${tag}>`)
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase()
      if (name.startsWith('on')) problems.push(`handler ${name} on <${tag}>`)
      if (name === 'style') problems.push(`style on <${tag}>`)
      if (URL_ATTRS.includes(name)) {
        // browsers drop tabs/newlines and leading spaces/control characters before reading the scheme
        const url = [...attr.value].filter((c) => c.charCodeAt(0) > 0x20).join('').toLowerCase()
        if (/^(javascript|vbscript|data):/.test(url) || url.startsWith('//')) problems.push(`${name}=${attr.value} on <${tag}>`)
      }
    }
  }
  return problems
}

describe('sanitizeRichText: XSS corpus', () => {
  test('the corpus is large enough', () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(30)
  })

  test.each(XSS_PAYLOADS.map((p) => [p]))('%s → nothing executable', (payload) => {
    const out = sanitizeRichText(payload)
    expect(executableParts(out)).toEqual([])
    expect(out).not.toMatch(/<\s*script/i)
    // sanitizing is stable: a second pass changes nothing
    expect(sanitizeRichText(out)).toBe(out)
  })

  test('the checker itself catches what it should (no false "clean")', () => {
    expect(executableParts('<img src=x onerror=alert(1)>')).toEqual(['handler onerror on <img>'])
    expect(executableParts('<a href=" jav&#x09;ascript:alert(1)">x</a>')).toHaveLength(1)
    expect(executableParts('<script>1</script>')).toEqual(['tag <script>'])
  })

  test('normal formatting survives: headings, lists, links, images, Quill classes', () => {
    const html =
      '<h1>T1</h1><h2>T2</h2><h3>T3</h3><p class="ql-align-center"><strong>b</strong> <em>i</em> <u>u</u></p>' +
      '<ol><li>one</li></ol><ul><li class="ql-indent-1">two</li></ul>' +
      '<p><a href="https://haijiao.example/x" target="_blank">link</a> <a href="mailto:a@b.cn">mail</a></p>' +
      '<p><img src="/uploads/2026-11/abc.png" alt="pic"><img src="https://cdn.example/a.jpg"></p><blockquote>q</blockquote>'
    const out = sanitizeRichText(html)
    for (const part of [
      '<h1>T1</h1>', '<h2>T2</h2>', '<h3>T3</h3>', '<p class="ql-align-center"><strong>b</strong> <em>i</em> <u>u</u></p>',
      '<ol><li>one</li></ol>', '<ul><li class="ql-indent-1">two</li></ul>',
      '<a href="https://haijiao.example/x" target="_blank" rel="noopener noreferrer">link</a>', '<a href="mailto:a@b.cn">mail</a>',
      '<img src="/uploads/2026-11/abc.png" alt="pic" />', '<img src="https://cdn.example/a.jpg" />', '<blockquote>q</blockquote>',
    ]) {
      expect(out).toContain(part)
    }
  })

  test('non-Quill classes, ids and data attributes are dropped; text is kept and escaped', () => {
    expect(sanitizeRichText('<span class="ql-size-large evil" id="x" data-x="1">quill</span>')).toBe('<span class="ql-size-large">quill</span>')
    expect(sanitizeRichText('<p>1 &lt; 2 &amp; "x"</p>')).toBe('<p>1 &lt; 2 &amp; "x"</p>')
    expect(sanitizeRichText(null)).toBe('')
    expect(sanitizeRichText('<a href="https://a.cn" target="evil" rel="opener">x</a>')).toBe('<a href="https://a.cn">x</a>')
  })
})

describe('checkWebsite', () => {
  test.each(['http://a.cn', 'https://haijiao.example/path?q=1', 'HTTPS://EX.COM'])('%s is accepted', (url) => {
    expect(checkWebsite(url)).toBe(url)
  })
  test.each(['javascript:alert(1)', 'ftp://a.cn', 'www.a.cn', '//a.cn', 'http://', 'https:// space.cn', 'data:text/html,x'])('%s → 301 website', (url) => {
    expect(() => checkWebsite(url)).toThrow(expect.objectContaining({ code: 301, field: 'website' }))
  })
  test('empty means none', () => {
    expect(checkWebsite('  ')).toBeNull()
  })
})

describeEachDb('rich text round trip', (get) => {
  let h: Harness
  beforeAll(() => {
    h = get()
  })
  test('the whole corpus written through the admin comes back clean from the consumer API', async () => {
    const ops = await h.adminLogin('ops@haijiao.demo')
    const corpus = XSS_PAYLOADS.join('\n') + '<h2>kept heading</h2><ul><li>kept item</li></ul>'
    const add = await h.api('POST', CMS_API.informationAdd, {
      token: ops,
      body: { titleZh: '富文本 rt', titleEn: 'Rich text rt', contentZh: corpus, contentEn: corpus, publishedAt: '2026-11-21T00:00:00.000Z', tagsZh: [], tagsEn: [] },
    })
    expect(add.body.code).toBe(200)
    const id = add.body.result.id
    expect((await h.api('POST', CMS_API.informationPublish, { token: ops, body: { id, publish: true } })).body.code).toBe(200)
    const read = await h.api('GET', `/information/info/detail?id=${id}`)
    for (const html of [read.body.result.contentZh, read.body.result.contentEn]) {
      expect(executableParts(html)).toEqual([])
      expect(html).toContain('<h2>kept heading</h2>')
      expect(html).toContain('<li>kept item</li>')
    }
    // stored value is the sanitized one (no later read path can leak the original)
    const row = await h.db.selectFrom('information').select('content_zh').where('id', '=', id).executeTakeFirstOrThrow()
    expect(row.content_zh).toBe(read.body.result.contentZh)
  })
})
