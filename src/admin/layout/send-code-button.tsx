/** "Send code" with a 60 s countdown; GET /system/user/send/verify/code?email=&type=. */
import React, { useEffect, useState } from 'react'
import { Button, type FormInstance } from 'antd'
import { useTranslation } from 'react-i18next'
import type { VerifyCodePurpose } from '@contracts/api'
import { sendVerifyCode } from '../api/session'
import { feedback } from '../core/feedback'

export function SendCodeButton({ form, type, testId }: { form: FormInstance; type: VerifyCodePurpose; testId?: string }) {
  const { t } = useTranslation()
  const [left, setLeft] = useState(0)
  const [sending, setSending] = useState(false)
  useEffect(() => {
    if (left <= 0) return
    const id = setTimeout(() => setLeft((s) => s - 1), 1000)
    return () => clearTimeout(id)
  }, [left])

  const send = async () => {
    try {
      await form.validateFields(['email'])
    } catch {
      return
    }
    const email = String(form.getFieldValue('email') || '').trim()
    setSending(true)
    try {
      const env = await sendVerifyCode(email, type)
      if (env.code === 200) {
        feedback().success(t('adm.register.codeSent'))
        setLeft(60)
      }
    } catch (e) {
      console.warn('[admin] send code failed', e)
    } finally {
      setSending(false)
    }
  }

  return (
    <Button onClick={() => void send()} disabled={left > 0} loading={sending} data-testid={testId} style={{ minWidth: 120 }}>
      {left > 0 ? t('adm.register.resend', { s: left }) : t('adm.register.sendCode')}
    </Button>
  )
}
