/**
 * A QR code drawn as views (rows of dark and light runs from qr-matrix.ts): the same on H5 and in the
 * mini-program, no canvas. Each run is a flex item whose width is its module count, so the code scales
 * with the box (`size` in design px: 750 = the phone's width) and keeps a 4-module quiet zone.
 */
import { useMemo } from 'react'
import { View } from '@tarojs/components'
import { qrMatrix } from './qr-matrix'
import './ticket.scss'

export default function QrCode({ text, label, testid = 'ticket-qr' }: { text: string; label: string; testid?: string }) {
  const m = useMemo(() => qrMatrix(text), [text])
  const quiet = 4
  const total = m.size + quiet * 2
  const pad = `${(quiet / total) * 100}%`
  return (
    <View className='hj-qr' data-testid={testid} data-size={m.size} role='img' aria-label={label} style={{ padding: pad }}>
      {m.rows.map((row, r) => (
        <View key={r} className='hj-qr__row'>
          {row.map((run, i) => (
            <View key={i} className={run.dark ? 'hj-qr__run is-dark' : 'hj-qr__run'} style={{ flexGrow: run.length, flexBasis: 0 }} />
          ))}
        </View>
      ))}
    </View>
  )
}
