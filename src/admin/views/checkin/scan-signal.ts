/**
 * Sound and vibration for each scan answer, so staff at a noisy door need not read the screen:
 * checked in = one short high beep; already = two middle beeps; refused = one long low tone; saved
 * offline = one soft beep. WebAudio (one AudioContext, made on the first scan — a tap or the camera
 * the person started) and navigator.vibrate where the phone has it. Silent where neither exists.
 */
import type { ScanTone } from './scan-queue'

type Note = { hz: number; ms: number; gap?: number }

export const PATTERNS: Record<ScanTone, { notes: Note[]; vibrate: number[] }> = {
  ok: { notes: [{ hz: 1320, ms: 120 }], vibrate: [80] },
  warn: { notes: [{ hz: 660, ms: 110, gap: 90 }, { hz: 660, ms: 110 }], vibrate: [80, 60, 80] },
  bad: { notes: [{ hz: 220, ms: 450 }], vibrate: [400] },
  queued: { notes: [{ hz: 990, ms: 70 }], vibrate: [40] },
}

let audio: AudioContext | null = null

function context(): AudioContext | null {
  if (audio) return audio
  const Ctor = (globalThis as { AudioContext?: typeof AudioContext; webkitAudioContext?: typeof AudioContext }).AudioContext ?? (globalThis as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext
  if (!Ctor) return null
  try {
    audio = new Ctor()
  } catch {
    audio = null
  }
  return audio
}

export function signal(tone: ScanTone): void {
  const p = PATTERNS[tone]
  try {
    if (typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function') navigator.vibrate(p.vibrate)
  } catch {
    /* vibration refused (no user gesture yet): the sound and the colour remain */
  }
  const ctx = context()
  if (!ctx) return
  try {
    if (ctx.state === 'suspended') void ctx.resume()
    let at = ctx.currentTime + 0.01
    for (const n of p.notes) {
      const osc = ctx.createOscillator()
      const gain = ctx.createGain()
      osc.type = tone === 'bad' ? 'square' : 'sine'
      osc.frequency.value = n.hz
      gain.gain.setValueAtTime(0.0001, at)
      gain.gain.exponentialRampToValueAtTime(0.25, at + 0.01)
      gain.gain.exponentialRampToValueAtTime(0.0001, at + n.ms / 1000)
      osc.connect(gain).connect(ctx.destination)
      osc.start(at)
      osc.stop(at + n.ms / 1000 + 0.02)
      at += (n.ms + (n.gap ?? 0)) / 1000
    }
  } catch {
    /* audio unavailable: the banner says it */
  }
}
