import { useEffect, useRef } from 'react'
import type { FormInstance } from 'antd'
import { useTranslation } from 'react-i18next'

/** antd keeps the error text it computed; after a language switch, re-run the rules of fields showing one. */
export function useRevalidateOnLang(form: FormInstance): void {
  const { i18n } = useTranslation()
  const first = useRef(true)
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    const withErrors = form
      .getFieldsError()
      .filter((f) => f.errors.length > 0)
      .map((f) => f.name)
    if (withErrors.length) void form.validateFields(withErrors).catch(() => undefined)
  }, [i18n.language, form])
}
