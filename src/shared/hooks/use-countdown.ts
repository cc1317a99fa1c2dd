import { useEffect, useRef, useState } from 'react'

/** seconds before a verification code may be sent again */
export const RESEND_SECONDS = 60

/** A resend countdown: `left` seconds remaining (0 = may send), `start()` restarts it from `seconds`. */
export function useCountdown(seconds = RESEND_SECONDS): [number, () => void] {
  const [left, setLeft] = useState(0)
  const timer = useRef<ReturnType<typeof setInterval> | null>(null)
  useEffect(() => () => {
    if (timer.current) clearInterval(timer.current)
  }, [])
  const start = () => {
    setLeft(seconds)
    if (timer.current) clearInterval(timer.current)
    timer.current = setInterval(() => {
      setLeft((s) => {
        if (s <= 1 && timer.current) {
          clearInterval(timer.current)
          timer.current = null
        }
        return s - 1
      })
    }, 1000)
  }
  return [left, start]
}
