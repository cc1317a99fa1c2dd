import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { request } from '../../shared/api/request'
import { API, type VerifyCodePurpose } from '@contracts/api'
import { validateEmail } from '../../shared/validation'
import { useCountdown } from '../../shared/hooks/use-countdown'
import CodeButton from '../ui/code-button'
import { toast } from '../../shared/stores/toast-store'

export { RESEND_SECONDS } from '../../shared/hooks/use-countdown'

/**
 * "Send code" with a 60 s countdown: GET /system/user/send/verify/code?email=&type=. A server refusal
 * (code ≠ 200) is shown by the request client and does not start the countdown.
 */
export default function SendCodeButton(props: { email: string; type: VerifyCodePurpose; testId: string; onError(key: string | null): void }) {
  const { t } = useTranslation()
  const [left, start] = useCountdown()
  const [busy, setBusy] = useState(false)

  const send = async () => {
    if (left > 0 || busy) return
    const err = validateEmail(props.email)
    props.onError(err)
    if (err) return
    setBusy(true)
    try {
      const env = await request({ url: API.sendVerifyCode, data: { email: props.email.trim(), type: props.type } })
      if (env.code === 200) {
        toast(t('register.codeSent'))
        start()
      }
    } catch {
      toast(t('common.networkError'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <CodeButton testId={props.testId} disabled={left > 0 || busy} onClick={() => void send()}>
      {left > 0 ? t('register.resend', { s: left }) : t('register.sendCode')}
    </CodeButton>
  )
}
