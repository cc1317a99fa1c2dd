/**
 * Data a view loads once (the choices of a select, an option list): loaded the first time `when` is
 * true, null until then or when refused. `load` is an effect dependency: pass a stable function.
 */
import { useEffect, useState } from 'react'

export function useLoaded<T>(load: () => Promise<T | null | undefined>, when = true): T | null {
  const [value, setValue] = useState<T | null>(null)
  const need = when && value === null
  useEffect(() => {
    if (!need) return
    let alive = true
    load()
      .then((v) => alive && v != null && setValue(v))
      .catch((e) => console.warn('[admin] choices failed', e))
    return () => {
      alive = false
    }
  }, [need, load])
  return value
}
