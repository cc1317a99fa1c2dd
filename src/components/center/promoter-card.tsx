/**
 * The promoter entry of the centre: a form to become one (real name and e-mail required), or for
 * promoters their share code, an example share link and the way to /center/talent.
 */
import { useEffect, useState } from 'react'
import { View, Text } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useTranslation } from 'react-i18next'
import Field from '../ui/field'
import Form from '../ui/form'
import { go } from '../../shared/router/navigate'
import { useAuth } from '../../shared/stores/auth-store'
import { validateEmail } from '../../shared/validation'
import { ParticipationApiError, becomePromoter, getCurrentUser, getPromoterInfo } from '../../shared/api/participation'
import { getActivityList } from '../../shared/api/content'
import { shareLink, type PromoterInfo } from '@contracts/participation'
import type { CurrentUser } from '@contracts/api'
import CenterSection from './section'
import './center.scss'
import { toast } from '../../shared/stores/toast-store'

export default function PromoterCard({ user, version }: { user: CurrentUser; version: number }) {
  const { t } = useTranslation()
  const setUser = useAuth((s) => s.setUser)
  const [info, setInfo] = useState<PromoterInfo | null>(null)
  const [exampleId, setExampleId] = useState<number | null>(null)
  const [realName, setRealName] = useState('')
  const [email, setEmail] = useState(user.email)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    let live = true
    getPromoterInfo()
      .then((i) => {
        if (!live) return
        setInfo(i)
        if (i.realName) setRealName(i.realName)
        if (i.email) setEmail(i.email)
      })
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [version, user.id])

  // an upcoming activity for the example link
  useEffect(() => {
    if (!info?.promoterCode || exampleId) return
    getActivityList({ page: 1, pageSize: 1, status: 'upcoming' })
      .then((p) => p.list[0] && setExampleId(p.list[0].id))
      .catch(() => undefined)
  }, [info?.promoterCode, exampleId])

  const submit = async () => {
    const err = !realName.trim() ? 'center.realNameEmpty' : validateEmail(email)
    setError(err)
    if (err || busy) return
    setBusy(true)
    try {
      const next = await becomePromoter(realName.trim(), email.trim())
      setInfo(next)
      // the header menu and the talent page read isPromoter from the stored user
      setUser(await getCurrentUser())
      toast(t('center.promoterDone'), { icon: 'success' })
    } catch (e) {
      if (e instanceof ParticipationApiError && e.code === 301) setError(null)
    } finally {
      setBusy(false)
    }
  }

  const copy = (text: string) => {
    void Taro.setClipboardData({ data: text })
      .then(() => toast(t('center.copied')))
      .catch(() => undefined)
  }

  if (!info) return null
  if (!info.isPromoter || !info.promoterCode) {
    return (
      <CenterSection title={t('center.promoter')} testid='center-promoter'>
        <Text className='hj-ct-text'>{t('center.promoterIntro')}</Text>
        <Form stack onSubmit={() => void submit()}>
          <Field label={t('center.realName')} value={realName} onChange={setRealName} testId='promoter-real-name' maxlength={50} />
          <Field label={t('center.email')} value={email} onChange={setEmail} testId='promoter-email' maxlength={254} />
          <Text className='hj-form__error' data-testid='promoter-error'>
            {error ? t(error) : ''}
          </Text>
          <View className={`hj-ct-btn${busy ? ' is-disabled' : ''}`} data-testid='promoter-submit' onClick={submit}>
            {t('center.becomePromoter')}
          </View>
        </Form>
      </CenterSection>
    )
  }
  const link = exampleId ? shareLink(exampleId, info.promoterCode) : null
  return (
    <CenterSection title={t('center.promoter')} testid='center-promoter'>
      <View className='hj-ct-code'>
        <Text className='hj-ct-code__label'>{t('center.shareCode')}</Text>
        <Text className='hj-ct-code__value' data-testid='promoter-code'>
          {info.promoterCode}
        </Text>
        <Text className='hj-ct-link' data-testid='promoter-copy-code' onClick={() => copy(info.promoterCode as string)}>
          {t('center.copy')}
        </Text>
      </View>
      {link && (
        <View className='hj-ct-share'>
          <Text className='hj-ct-code__label'>{t('center.shareLink')}</Text>
          <Text className='hj-ct-share__url' data-testid='promoter-share-link'>
            {link}
          </Text>
          <Text className='hj-ct-link' onClick={() => copy(link)}>
            {t('center.copy')}
          </Text>
        </View>
      )}
      <Text className='hj-ct-text'>{t('center.shareHint', { code: info.promoterCode })}</Text>
      <View className='hj-ct-talent' data-testid='promoter-talent-link' onClick={() => go('/center/talent')}>
        <Text data-testid='promoter-talent-count'>{t('center.talentCount', { count: info.talentCount })}</Text>
        {info.unconfirmedTalentCount > 0 && (
          <Text className='hj-ct-text' data-testid='promoter-talent-unconfirmed'>
            {t('center.talentUnconfirmed', { count: info.unconfirmedTalentCount })}
          </Text>
        )}
        <Text className='hj-ct-link'>{t('center.viewTalent')} ›</Text>
      </View>
    </CenterSection>
  )
}
