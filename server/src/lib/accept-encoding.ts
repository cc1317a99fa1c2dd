/** Which compression a request accepts (Accept-Encoding with q-values): brotli first, then gzip, else null. */
export type Encoding = 'br' | 'gzip'

export function acceptedEncodings(header: string | string[] | undefined): Encoding[] {
  const accepted = new Set<string>()
  for (const part of String(header ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((p) => p.trim())
    const q = params.find((p) => p.startsWith('q='))
    if (name && (!q || Number(q.slice(2)) > 0)) accepted.add(name)
  }
  return (['br', 'gzip'] as const).filter((e) => accepted.has(e))
}
