/** '2026-12-01 09:00' in the browser's zone; '—' for nothing, the value itself when it is no date. */
export function formatTime(v: unknown): string {
  if (!v || typeof v !== 'string') return '—'
  const d = new Date(v)
  if (Number.isNaN(d.getTime())) return v
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`
}
