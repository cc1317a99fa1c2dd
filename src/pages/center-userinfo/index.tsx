/**
 * /center/userinfo — edit the profile: avatar (an image of at most 400 KB, uploaded as kind avatar),
 * nickname, e-mail (a code sent by GET /system/user/send/modify/verify/code to the NEW address) and
 * phone. Every save answers the current user, which replaces the stored one (header, centre).
 */
import { useState } from 'react'
import { Loading } from '../../components/ui/loading'
import { View, Text } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import Layout from '../../components/layout'
import Field from '../../components/ui/field'
import Form from '../../components/ui/form'
import CodeButton from '../../components/ui/code-button'
import LoginPrompt from '../../components/center/login-prompt'
import SignOut from '../../components/center/sign-out'
import CenterSection, { Avatar } from '../../components/center/section'
import { useFreshUser } from '../../shared/hooks/use-fresh-user'
import { useAuth } from '../../shared/stores/auth-store'
import { go } from '../../shared/router/navigate'
import { validateEmail } from '../../shared/validation'
import { changeEmail, changePhone, sendModifyCode, updateProfile } from '../../shared/api/participation'
import { FileTooLargeError, UploadRefusedError, chooseAndUploadImage } from '../../shared/api/upload'
import type { CurrentUser } from '@contracts/api'
import '../../components/center/center.scss'
import { isWechatPlaceholderEmail } from '@contracts/wechat'
import { useCountdown } from '../../shared/hooks/use-countdown'
import { toast } from '../../shared/stores/toast-store'

const PHONE_PATTERN = /^\+?[0-9][0-9 -]{3,18}[0-9]$/

// Ours, not AtImagePicker: that is a grid of local files sent later, each with a remove × and a preview without alt text; the avatar is one picture (the initial when none), uploaded and saved at once, never removed.
function AvatarPicker({ user, busy, onPick }: { user: CurrentUser; busy: boolean; onPick(): void }) {
  const { t } = useTranslation()
  return (
    <View className='hj-ct-info__avatar'>
      <Avatar src={user.avatarUrl} name={user.nickName} size='lg' testid='userinfo-avatar' />
      <View className='hj-ct-info__avatar-side'>
        <View className={`hj-ct-btn hj-ct-btn--ghost${busy ? ' is-disabled' : ''}`} data-testid='userinfo-avatar-change' onClick={onPick}>
          {t('center.info.changeAvatar')}
        </View>
        <Text className='hj-ct-text'>{t('center.info.avatarHint')}</Text>
      </View>
    </View>
  )
}

function Editor({ user }: { user: CurrentUser }) {
  const { t } = useTranslation()
  const setUser = useAuth((s) => s.setUser)
  const [nickName, setNickName] = useState(user.nickName)
  const [newEmail, setNewEmail] = useState('')
  const [code, setCode] = useState('')
  const [phone, setPhone] = useState(user.phone || '')
  const [errors, setErrors] = useState<Record<string, string | null>>({})
  const [busy, setBusy] = useState<string | null>(null)
  const [left, startCountdown] = useCountdown()

  const saved = (u: CurrentUser, key = 'center.info.saved') => {
    setUser(u)
    toast(t(key), { icon: 'success' })
  }
  const run = async (what: string, fn: () => Promise<void>) => {
    if (busy) return
    setBusy(what)
    try {
      await fn()
    } catch (e) {
      if (e instanceof FileTooLargeError) toast(t('center.info.avatarTooLarge'))
      // an upload is not sent through the request client: its refusal is shown here (shared/api/upload.ts)
      else if (e instanceof UploadRefusedError) toast(e.message)
      // other refusals: the request client already showed the translated request.{code}
    } finally {
      setBusy(null)
    }
  }

  const pickAvatar = () =>
    run('avatar', async () => {
      const image = await chooseAndUploadImage('avatar')
      if (image) saved(await updateProfile({ avatarUrl: image.url }))
    })

  const saveNick = () => {
    const err = nickName.trim() ? null : 'validate.nicknameEmpty'
    setErrors((x) => ({ ...x, nickName: err }))
    if (!err) void run('nick', async () => saved(await updateProfile({ nickName: nickName.trim() })))
  }

  const checkNewEmail = () => {
    let err = validateEmail(newEmail)
    if (!err && newEmail.trim().toLowerCase() === user.email.toLowerCase()) err = 'center.info.sameEmail'
    setErrors((x) => ({ ...x, email: err }))
    return !err
  }
  const sendCode = () => {
    if (left > 0 || !checkNewEmail()) return
    void run('code', async () => {
      await sendModifyCode(newEmail.trim())
      toast(t('center.info.codeSent'))
      startCountdown()
    })
  }
  const saveEmail = () => {
    if (!checkNewEmail()) return
    if (!code.trim()) {
      setErrors((x) => ({ ...x, email: 'validate.codeEmpty' }))
      return
    }
    void run('email', async () => {
      saved(await changeEmail(newEmail.trim(), code.trim()), 'center.info.emailChanged')
      setNewEmail('')
      setCode('')
    })
  }

  const savePhone = () => {
    const p = phone.trim()
    const err = p && !PHONE_PATTERN.test(p) ? 'center.info.phoneInvalid' : null
    setErrors((x) => ({ ...x, phone: err }))
    if (!err) void run('phone', async () => saved(await changePhone(p)))
  }

  /** a section's error line and its save button */
  const saveRow = (key: string, testid: string, onSave: () => void, label: string) => (
    <>
      <Text className='hj-form__error' data-testid={`userinfo-error-${key}`}>
        {errors[key] ? t(errors[key] as string) : ''}
      </Text>
      <View className='hj-ct-btn' data-testid={testid} onClick={onSave}>
        {label}
      </View>
    </>
  )

  return (
    <View className='hj-ct-info' data-testid='userinfo-page'>
      <CenterSection title={t('center.info.basic')} testid='userinfo-basic'>
        <AvatarPicker user={user} busy={busy === 'avatar'} onPick={pickAvatar} />
        <Form stack onSubmit={saveNick}>
          <Field label={t('center.info.nickname')} value={nickName} onChange={setNickName} testId='userinfo-nickname' maxlength={50} />
          {saveRow('nickName', 'userinfo-nickname-save', saveNick, t('center.info.save'))}
        </Form>
      </CenterSection>

      <CenterSection title={t('center.info.emailTitle')} testid='userinfo-email'>
        <Text className='hj-ct-text'>
          {t('center.info.currentEmail')}: <Text data-testid='userinfo-current-email'>{isWechatPlaceholderEmail(user.email) ? t('wechat.noEmail') : user.email}</Text>
        </Text>
        <Form stack onSubmit={saveEmail}>
          <Field label={t('center.info.newEmail')} value={newEmail} onChange={setNewEmail} testId='userinfo-new-email' maxlength={254} />
          <Field
            label={t('center.info.code')}
            value={code}
            onChange={setCode}
            testId='userinfo-code'
            maxlength={6}
            suffix={
              <CodeButton testId='userinfo-send-code' disabled={left > 0 || busy === 'code'} onClick={sendCode}>
                {left > 0 ? t('center.info.resend', { s: left }) : t('center.info.sendCode')}
              </CodeButton>
            }
          />
          {saveRow('email', 'userinfo-email-save', saveEmail, t('center.info.changeEmail'))}
        </Form>
      </CenterSection>

      <CenterSection title={t('center.info.phoneTitle')} testid='userinfo-phone'>
        <Form stack onSubmit={savePhone}>
          <Field label={t('center.info.phone')} value={phone} onChange={setPhone} testId='userinfo-phone-input' maxlength={20} />
          {saveRow('phone', 'userinfo-phone-save', savePhone, t('center.info.savePhone'))}
        </Form>
      </CenterSection>

      <Text className='hj-ct-link hj-ct-back' data-testid='userinfo-back' onClick={() => go('/center')}>
        ‹ {t('center.info.back')}
      </Text>
    </View>
  )
}

export default function CenterUserinfoPage() {
  const { t } = useTranslation()
  const { token, user } = useFreshUser()
  return (
    <Layout path='/center/userinfo' titleKey='page.centerUserinfo'>
      {!token ? (
        <LoginPrompt />
      ) : !user ? (
        <Loading className='hj-ct-note' text={t('common.loading')} />
      ) : (
        <>
          <Editor key={user.id} user={user} />
          <SignOut />
        </>
      )}
    </Layout>
  )
}
