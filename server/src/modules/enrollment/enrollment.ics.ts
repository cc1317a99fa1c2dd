/**
 * A hand-written RFC 5545 calendar file for one activity: CRLF line ends, content lines folded at 75
 * octets (never inside a UTF-8 character), TEXT values escaped. DTSTART/DTEND are UTC ("Z"), so every
 * calendar shows the right instant; the activity's own zone ('UTC+08:00') is named in the description
 * and, for whole-hour offsets, as X-WR-TIMEZONE (the IANA 'Etc/GMT-8' form: POSIX signs are inverted).
 */

export interface IcsEvent {
  uid: string
  startIso: string
  endIso: string
  stampIso: string
  summary: string
  description: string
  location: string
  url: string
  /** 'UTC+08:00' style */
  timeZone: string
}

export function icsDate(iso: string): string {
  return new Date(iso).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '')
}

export function escapeText(s: string): string {
  return s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n')
}

/** fold one content line at 75 octets; continuation lines start with a space */
export function foldLine(line: string): string {
  const out: string[] = []
  let cur = ''
  let bytes = 0
  let limit = 75
  for (const ch of line) {
    const n = Buffer.byteLength(ch, 'utf8')
    if (bytes + n > limit) {
      out.push(cur)
      cur = ' '
      bytes = 1
      limit = 75
    }
    cur += ch
    bytes += n
  }
  out.push(cur)
  return out.join('\r\n')
}

/** 'UTC+08:00' → 'Etc/GMT-8'; 'UTC+00:00' → 'UTC'; half-hour offsets have no Etc zone → null */
export function etcZone(label: string): string | null {
  const m = /^UTC([+-])(\d{2}):(\d{2})$/.exec(label)
  if (!m) return null
  if (m[3] !== '00') return null
  const h = Number(m[2])
  if (h === 0) return 'UTC'
  return `Etc/GMT${m[1] === '+' ? '-' : '+'}${h}`
}

/** local wall-clock time of an instant in a 'UTC+08:00' zone, 'YYYY-MM-DD HH:mm' */
export function localTime(iso: string, label: string): string {
  const m = /^UTC([+-])(\d{2}):(\d{2})$/.exec(label)
  const offsetMin = m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0
  const d = new Date(new Date(iso).getTime() + offsetMin * 60000)
  return d.toISOString().slice(0, 16).replace('T', ' ')
}

export function buildIcs(e: IcsEvent): string {
  const zone = etcZone(e.timeZone)
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Haijiao//Activity enrolment//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...(zone ? [`X-WR-TIMEZONE:${zone}`] : []),
    'BEGIN:VEVENT',
    `UID:${e.uid}`,
    `DTSTAMP:${icsDate(e.stampIso)}`,
    `DTSTART:${icsDate(e.startIso)}`,
    `DTEND:${icsDate(e.endIso)}`,
    `SUMMARY:${escapeText(e.summary)}`,
    `DESCRIPTION:${escapeText(e.description)}`,
    ...(e.location ? [`LOCATION:${escapeText(e.location)}`] : []),
    `URL:${e.url}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ]
  return lines.map(foldLine).join('\r\n') + '\r\n'
}
