import { View, Text } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import { go } from '../../shared/router/navigate'
import type { CurrentUser } from '@contracts/api'
import { isWechatPlaceholderEmail } from '@contracts/wechat'
import { Avatar } from './section'
import './center.scss'

/** Who is logged in, with the way to edit the profile. */
export default function ProfileCard({ user }: { user: CurrentUser }) {
  const { t } = useTranslation()
  return (
    <View className='hj-ct-profile' data-testid='center-profile'>
      <Avatar src={user.avatarUrl} name={user.nickName} size='lg' testid='center-avatar' />
      <View className='hj-ct-profile__body'>
        <View className='hj-ct-profile__line'>
          <Text className='hj-ct-profile__name' data-testid='center-nickname'>
            {user.nickName}
          </Text>
          {user.isPromoter && <Text className='hj-ct-badge hj-ct-badge--ok'>{t('center.promoterBadge')}</Text>}
        </View>
        <Text className='hj-ct-profile__mail' data-testid='center-email'>
          {/* a WeChat-created account has a placeholder address until the person binds one */}
          {isWechatPlaceholderEmail(user.email) ? t('wechat.noEmail') : user.email}
        </Text>
        {user.phone && <Text className='hj-ct-profile__mail'>{user.phone}</Text>}
      </View>
      <View className='hj-ct-btn hj-ct-btn--ghost hj-ct-profile__edit' data-testid='center-edit-profile' onClick={() => go('/center/userinfo')}>
        {t('center.editProfile')}
      </View>
    </View>
  )
}
