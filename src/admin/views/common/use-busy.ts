/** A flag that is on while an async action runs (a dialog's confirmLoading, a save button's loading). */
import { useCallback, useState } from 'react'

export function useBusy(): [boolean, <R>(action: () => Promise<R>) => Promise<R>] {
  const [busy, setBusy] = useState(false)
  const run = useCallback(async <R>(action: () => Promise<R>): Promise<R> => {
    setBusy(true)
    try {
      return await action()
    } finally {
      setBusy(false)
    }
  }, [])
  return [busy, run]
}
