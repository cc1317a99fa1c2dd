/**
 * "Notifications" settings of the personal centre: e-mail for reminders, e-mail for group notices, and
 * (in the mini-program) WeChat messages; results and cancellations always reach the inbox. Each switch
 * saves at once. It also tells the server the zone this device runs in, once it differs from the stored
 * one, so messages give activity times "in your time" too.
 * Our switch, not Taro's Switch: on H5 that one is a Stencil web component (its runtime would load with
 * the centre); ours is a row with role switch and aria-checked, reached by Tab and pressed by Enter or Space.
 */
import { useEffect, useState } from 'react'
import { View, Text } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import { notificationSettings, saveNotificationSettings } from '../../shared/api/notification'
import type { NotificationSettings } from '@contracts/notification'
import { pressable, pressKeys } from '../ui/pressable'
import CenterSection from './section'

type Flag = 'emailReminders' | 'emailNotices' | 'wechat'
const FLAGS: Flag[] = process.env.TARO_ENV === 'weapp' ? ['emailReminders', 'emailNotices', 'wechat'] : ['emailReminders', 'emailNotices']

function deviceZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null
  } catch {
    return null
  }
}

export default function NotifySettings() {
  const { t } = useTranslation()
  const [s, setS] = useState<NotificationSettings | null>(null)
  useEffect(() => {
    let live = true
    void notificationSettings()
      .then(async (env) => {
        if (env.code !== 200 || !live) return
        setS(env.result)
        const zone = deviceZone()
        if (zone && zone !== env.result.timeZone) {
          const saved = await saveNotificationSettings({ timeZone: zone })
          if (saved.code === 200 && live) setS(saved.result)
        }
      })
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [])
  const toggle = async (flag: Flag) => {
    if (!s) return
    const next = { ...s, [flag]: !s[flag] }
    setS(next)
    const env = await saveNotificationSettings({ [flag]: next[flag] }).catch(() => null)
    setS(env?.code === 200 ? env.result : s)
  }
  return (
    <CenterSection title={t('inbox.settings')} testid='notify-settings'>
      <Text className='hj-ct-row__meta'>{t('inbox.settingsNote')}</Text>
      {s &&
        FLAGS.map((flag) => (
          <View
            key={flag}
            className='hj-ct-set'
            {...pressable('switch')}
            {...pressKeys(() => void toggle(flag))}
            aria-checked={s[flag]}
            data-testid={`notify-settings-${flag}`}
            onClick={() => void toggle(flag)}
          >
            <Text>{t(`inbox.${flag}`)}</Text>
            <View className={`hj-ct-switch${s[flag] ? ' is-on' : ''}`} aria-hidden>
              <View className='hj-ct-switch__knob' />
            </View>
          </View>
        ))}
    </CenterSection>
  )
}
