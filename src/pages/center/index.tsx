/**
 * /center — the personal centre (tab page): who I am (edit profile), my activities (enrolled /
 * waiting for approval / past), my messages (the inbox) and their settings, my favourites, the sponsor section (organizers I follow, organizer
 * entry), the promoter entry, and account and data (download my data, delete my account). Needs a login: without one the person is sent to login and back.
 */
import { useRef, useState } from 'react'
import { Loading } from '../../components/ui/loading'
import { View } from '@tarojs/components'
import { useDidShow } from '@tarojs/taro'
import { useTranslation } from 'react-i18next'
import { useLang } from '../../shared/hooks/use-lang'
import Layout from '../../components/layout'
import LoginPrompt from '../../components/center/login-prompt'
import ProfileCard from '../../components/center/profile-card'
import MyActivities from '../../components/center/my-activities'
import MyFavorites from '../../components/center/my-favorites'
import MyFollows from '../../components/center/my-follows'
import MyInbox from '../../components/center/my-inbox'
import NotifySettings from '../../components/center/notify-settings'
import AccountData from '../../components/center/account-data'
import PromoterCard from '../../components/center/promoter-card'
import MyPrizes from '../../components/center/my-prizes'
import SignOut from '../../components/center/sign-out'
import { useFreshUser } from '../../shared/hooks/use-fresh-user'
import { useIsMobile } from '../../shared/hooks/use-viewport'
import '../../components/center/center.scss'

export default function CenterPage() {
  const { t } = useTranslation()
  const lang = useLang()
  const mobile = useIsMobile()
  // bumped each time the tab is shown AGAIN (the first show is the first load, already fetching):
  // favourites / follows changed elsewhere are re-read
  const [version, setVersion] = useState(0)
  const shownBefore = useRef(false)
  useDidShow(() => {
    if (shownBefore.current) setVersion((v) => v + 1)
    shownBefore.current = true
  })
  const { token, user } = useFreshUser(version)

  return (
    <Layout path='/center' titleKey='page.center'>
      {!token ? (
        <LoginPrompt />
      ) : !user ? (
        <Loading className='hj-ct-note' text={t('common.loading')} />
      ) : (
        <View className='hj-ct' data-testid='center-page'>
          {/* desktop: who I am and the promoter entry at the side; mobile: my lists first, promoter last */}
          <View className='hj-ct__side'>
            <ProfileCard user={user} />
            {!mobile && <PromoterCard user={user} version={version} />}
          </View>
          <View className='hj-ct__main'>
            <MyActivities lang={lang} version={version} />
            {/* what I was told: enrolment results, changes, reminders, group notices, prizes */}
            <MyInbox lang={lang} version={version} />
            <MyPrizes lang={lang} version={version} />
            <MyFavorites lang={lang} version={version} />
            <MyFollows lang={lang} version={version} user={user} />
            {mobile && <PromoterCard user={user} version={version} />}
            <NotifySettings />
            <AccountData />
            <SignOut />
          </View>
        </View>
      )}
    </Layout>
  )
}
