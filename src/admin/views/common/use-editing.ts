import { useCallback, useState } from 'react'

/**
 * What a list's edit drawer or dialog shows (null: closed): `edit` opens it, `close` closes it, and
 * `saved` closes it and calls `reload` (the list shows the saved row).
 */
export function useEditing<T>(reload: () => void) {
  const [editing, edit] = useState<T | null>(null)
  const close = useCallback(() => edit(null), [])
  const saved = useCallback(() => {
    edit(null)
    reload()
  }, [reload])
  return { editing, edit, close, saved }
}
