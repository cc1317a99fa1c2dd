/**
 * The leave-message form (spec sections 4 and 5): desc ≤ 1000 required, name ≤ 50 required, tel 6–20
 * digits required, e-mail ≤ 20 with pattern; one validator shared with the server. Editing → submitted
 * (success view); "leave another message" clears the form. Used by the desktop and mobile cards.
 */
import { useState } from 'react'
import { leaveMessage } from '../../shared/api/chat'
import { LEAVE_MESSAGE_FIELDS, leaveMessageFieldError, type LeaveMessageBody, type LeaveMessageField } from '@contracts/feedback'
import '../../shared/i18n/sections/chat'

export const EMPTY_FORM: LeaveMessageBody = { desc: '', name: '', tel: '', email: '' }

/** `feedback.validate.descEmpty` → our own copy `chat.leave.validate.descEmpty` (both locale files). */
export function leaveMessageKey(messageKey: string): string {
  return `chat.leave.validate.${messageKey.split('.').pop()}`
}

export function useLeaveMessage() {
  const [form, setForm] = useState<LeaveMessageBody>(EMPTY_FORM)
  const [errors, setErrors] = useState<Partial<Record<LeaveMessageField, string>>>({})
  const [submitting, setSubmitting] = useState(false)
  const [done, setDone] = useState(false)

  const set = (field: LeaveMessageField, value: string) => {
    setForm((f) => ({ ...f, [field]: value }))
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }))
  }

  /** every field's first problem, so the user sees them all at once */
  const validateAll = (): boolean => {
    const found: Partial<Record<LeaveMessageField, string>> = {}
    for (const field of LEAVE_MESSAGE_FIELDS) {
      const key = leaveMessageFieldError(field, form[field])
      if (key) found[field] = leaveMessageKey(key)
    }
    setErrors(found)
    return Object.keys(found).length === 0
  }

  const submit = async () => {
    if (submitting || !validateAll()) return
    setSubmitting(true)
    try {
      const body = { desc: form.desc.trim(), name: form.name.trim(), tel: form.tel.trim(), email: form.email.trim() }
      const env = await leaveMessage(body)
      if (env.code === 200) setDone(true)
      else {
        const r = env.result as unknown as { field?: LeaveMessageField; messageKey?: string } | null
        if (r?.field && r.messageKey) setErrors({ [r.field]: leaveMessageKey(r.messageKey) })
      }
    } catch {
      /* the request client already warned */
    } finally {
      setSubmitting(false)
    }
  }

  const reset = () => {
    setForm(EMPTY_FORM)
    setErrors({})
    setDone(false)
  }

  return { form, errors, submitting, done, set, submit, reset }
}
