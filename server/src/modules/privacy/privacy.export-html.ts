/**
 * data.html of the personal-data download: the same content as data.json, readable, each section headed
 * in both languages. Every value is escaped; nothing is fetched (no scripts, no remote pictures).
 */
const SECTIONS: Array<[key: string, zh: string, en: string]> = [
  ['profile', '个人资料', 'Profile'],
  ['consents', '同意记录', 'Consents'],
  ['enrolments', '报名与填写内容', 'Enrolments and answers'],
  ['attachments', '附件', 'Attachments'],
  ['waitlist', '候补', 'Waiting lists'],
  ['checkins', '签到', 'Check-ins'],
  ['tickets', '电子票', 'Tickets'],
  ['favorites', '收藏', 'Favourites'],
  ['follows', '关注', 'Follows'],
  ['subscriptions', '订阅', 'Subscriptions'],
  ['chat', '客服聊天记录', 'Chat history'],
  ['inbox', '站内消息', 'Inbox'],
  ['prizes', '抽奖奖品', 'Prizes'],
  ['feedback', '意见反馈', 'Feedback'],
]

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

function render(value: unknown): string {
  if (value === null || value === undefined || value === '') return '<span class="none">—</span>'
  if (Array.isArray(value)) {
    if (!value.length) return '<span class="none">无 / None</span>'
    return `<ol>${value.map((v) => `<li>${render(v)}</li>`).join('')}</ol>`
  }
  if (typeof value === 'object') {
    const rows = Object.entries(value as Record<string, unknown>).map(([k, v]) => `<tr><th>${escape(k)}</th><td>${render(v)}</td></tr>`)
    return rows.length ? `<table>${rows.join('')}</table>` : '<span class="none">—</span>'
  }
  return escape(String(value))
}

export function renderHtml(data: Record<string, unknown>): string {
  const body = SECTIONS.map(([key, zh, en]) => `<section id="${key}"><h2>${escape(zh)} / ${escape(en)}</h2>${render(data[key])}</section>`).join('\n')
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>海交 · 我的数据 / Haijiao · My data</title>
<style>body{font:14px/1.5 sans-serif;margin:24px;color:#222}h1{font-size:20px}h2{font-size:16px;border-bottom:1px solid #ddd;padding-bottom:4px;margin-top:28px}table{border-collapse:collapse}th,td{border:1px solid #e5e5e5;padding:3px 8px;text-align:left;vertical-align:top}th{background:#fafafa;font-weight:normal;color:#666}.none{color:#999}</style>
</head><body>
<h1>海交 · 我的数据 / Haijiao · My data</h1>
<p>生成时间 / Generated at: ${escape(String(data.generatedAt ?? ''))}</p>
${body}
</body></html>
`
}
