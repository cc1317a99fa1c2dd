/**
 * What users may upload to the chat, and which uploads a browser may show inline. Everything else is
 * an active type (.html, .svg, .js …) that would run as a page of our origin: refused at upload, and
 * served as a download (Content-Disposition: attachment) should one exist from before this rule.
 */
export const INLINE_EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp', 'mp4', 'webm'])

export const CHAT_EXTENSIONS = new Set([
  ...INLINE_EXTENSIONS,
  'pdf', 'txt', 'csv', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'odt', 'ods', 'odp', 'rtf', 'zip', 'rar', '7z', 'mp3', 'm4a', 'wav', 'mov',
])

export function extensionOf(name: string): string {
  const m = /\.([a-z0-9]{1,10})$/i.exec(name)
  return m ? m[1].toLowerCase() : ''
}
