/**
 * The record an edit drawer or dialog shows: each time it opens the form is reset and, for an existing
 * id, filled from `load` through `toValues`; `loading` meanwhile. `load` and `toValues` are effect
 * dependencies: pass stable functions.
 */
import { useEffect, useState } from 'react'
import type { FormInstance } from 'antd'
import type { Envelope } from '../../api/client'

export function useFormRecord<R, V>(form: FormInstance<V>, open: boolean, id: number | null, load: (id: number) => Promise<Envelope<R>>, toValues: (record: R) => V): boolean {
  const [loading, setLoading] = useState(false)
  useEffect(() => {
    if (!open) return
    form.resetFields()
    if (!id) return
    let alive = true
    setLoading(true)
    load(id)
      .then((env) => alive && env.code === 200 && env.result && form.setFieldsValue(toValues(env.result) as Parameters<FormInstance<V>['setFieldsValue']>[0]))
      .catch((e) => console.warn('[admin] record failed', e))
      .finally(() => alive && setLoading(false))
    return () => {
      alive = false
    }
  }, [form, open, id, load, toValues])
  return loading
}
