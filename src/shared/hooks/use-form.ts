import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from '../stores/toast-store'

/** A form's text values and a setter per field (`set('email')` is an input's onChange). */
export function useFormFields<F extends Record<string, string>>(initial: F) {
  const [values, setValues] = useState<F>(initial)
  const set = (key: keyof F) => (value: string) => setValues((old) => ({ ...old, [key]: value }))
  return { values, set, setValues }
}

/**
 * A form's submit: `check` names the first problem (an i18n key, shown until the next submit) or null;
 * a valid form not already sending runs `send`, and a request that fails outright shows the
 * network-error toast (the request client has shown any server message already).
 */
export function useFormSubmit(check: () => string | null, send: () => Promise<void>) {
  const { t } = useTranslation()
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const submit = async () => {
    const err = check()
    setError(err)
    if (err || busy) return
    setBusy(true)
    try {
      await send()
    } catch {
      toast(t('common.networkError'))
    } finally {
      setBusy(false)
    }
  }
  return { error, setError, busy, submit }
}
