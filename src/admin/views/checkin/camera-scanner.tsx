/**
 * The camera of the check-in view: @zxing/browser's QR reader on the back camera, loaded only when the
 * camera is opened (a dynamic import: neither this view's first load nor any other admin view carries
 * the decoder). Each decoded text goes to `onCode`; the same text again within `repeatMs` is ignored, so
 * a ticket held in front of the lens counts as one scan.
 */
import React, { useEffect, useRef, useState } from 'react'
import { Alert, Spin } from 'antd'
import { useTranslation } from 'react-i18next'

export interface CameraScannerProps {
  onCode(text: string): void
  repeatMs?: number
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
    let controls: { stop(): void } | null = null
    const last = { text: '', at: 0 }
    void (async () => {
      try {
        const { BrowserQRCodeReader } = await import('@zxing/browser')
        if (stopped || !video.current) return
        const reader = new BrowserQRCodeReader(undefined, { delayBetweenScanAttempts: 150, delayBetweenScanSuccess: 300 })
        controls = await reader.decodeFromConstraints({ audio: false, video: { facingMode: 'environment' } }, video.current, (result) => {
          if (!result) return
          const text = result.getText()
          const now = Date.now()
          if (text === last.text && now - last.at < repeatMs) return
          last.text = text
          last.at = now
          handler.current(text)
        })
        if (stopped) controls.stop()
        else setState('running')
      } catch (e) {
        if (stopped) return
        setError((e as Error)?.message || String(e))
        setState('failed')
      }
    })()
    return () => {
      stopped = true
      controls?.stop()
    }
  }, [repeatMs])

  return (
    <div className="adm-checkin__camera" data-testid="checkin-camera" data-state={state}>
      <video ref={video} className="adm-checkin__video" muted playsInline aria-label={t('adm.checkin.camera')} />
      {state === 'starting' && <Spin className="adm-checkin__camera-spin" />}
      {state === 'failed' && <Alert type="error" showIcon message={t('adm.checkin.cameraFailed')} description={error} data-testid="checkin-camera-error" />}
    </div>
  )
}
