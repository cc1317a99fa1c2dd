/**
 * The camera of the check-in view: @zxing/browser's QR reader on the back camera, loaded only when the
 * camera is opened (a dynamic import: neither this view's first load nor any other admin view carries
 * the decoder), fed a frame of the video every 150 ms. Each decoded text goes to `onCode`; the same text
 * again within `repeatMs` is ignored, so a ticket held in front of the lens counts as one scan.
 */
import React, { useEffect, useRef, useState } from 'react'
import { Alert, Spin } from 'antd'
import { useTranslation } from 'react-i18next'

export interface CameraScannerProps {
  onCode(text: string): void
  repeatMs?: number
}

/** a frame every 150 ms: quick enough for a ticket held up, light on a phone's battery */
const SCAN_EVERY_MS = 150

/** the decoder throws when a frame holds no code: that is most frames, not an error */
function decodeOrNull(decode: () => string): string | null {
  try {
    return decode()
  } catch {
    return null
  }
}

export default function CameraScanner({ onCode, repeatMs = 4000 }: CameraScannerProps) {
  const { t } = useTranslation()
  const video = useRef<HTMLVideoElement>(null)
  const [state, setState] = useState<'starting' | 'running' | 'failed'>('starting')
  const [error, setError] = useState('')
  const handler = useRef(onCode)
  handler.current = onCode

  useEffect(() => {
    let stopped = false
    let stream: MediaStream | null = null
    let timer: ReturnType<typeof setTimeout> | undefined
    const last = { text: '', at: 0 }
    const stop = () => {
      stopped = true
      clearTimeout(timer)
      stream?.getTracks().forEach((track) => track.stop())
    }
    void (async () => {
      try {
        const { BrowserQRCodeReader } = await import('@zxing/browser')
        const el = video.current
        if (stopped || !el) return
        stream = await navigator.mediaDevices.getUserMedia({ audio: false, video: { facingMode: 'environment' } })
        if (stopped) return stop()
        // Our own frame loop rather than the reader's decodeFromConstraints: that one waits for the
        // video's 'canplay' after a refused first play() and, when the video started on its own
        // (autoplay) meanwhile, never settles, leaving the camera on its spinner (the likely cause of a
        // CI run whose camera never decoded).
        el.srcObject = stream
        el.play().catch(() => {
          /* a refused play(): the element is muted and autoplays, so it starts by itself */
        })
        const reader = new BrowserQRCodeReader()
        const canvas = document.createElement('canvas')
        const context = canvas.getContext('2d', { willReadFrequently: true })
        const tick = () => {
          if (stopped) return
          if (context && el.readyState >= el.HAVE_CURRENT_DATA && el.videoWidth > 0) {
            setState('running')
            if (canvas.width !== el.videoWidth || canvas.height !== el.videoHeight) {
              canvas.width = el.videoWidth
              canvas.height = el.videoHeight
            }
            context.drawImage(el, 0, 0)
            const text = decodeOrNull(() => reader.decodeFromCanvas(canvas).getText())
            const now = Date.now()
            if (text && (text !== last.text || now - last.at >= repeatMs)) {
              last.text = text
              last.at = now
              handler.current(text)
            }
          }
          timer = setTimeout(tick, SCAN_EVERY_MS)
        }
        tick()
      } catch (e) {
        if (stopped) return
        stop()
        setError((e as Error)?.message || String(e))
        setState('failed')
      }
    })()
    return stop
  }, [repeatMs])

  return (
    <div className="adm-checkin__camera" data-testid="checkin-camera" data-state={state}>
      <video ref={video} className="adm-checkin__video" muted autoPlay playsInline aria-label={t('adm.checkin.camera')} />
      {state === 'starting' && <Spin className="adm-checkin__camera-spin" />}
      {state === 'failed' && <Alert type="error" showIcon message={t('adm.checkin.cameraFailed')} description={error} data-testid="checkin-camera-error" />}
    </div>
  )
}
