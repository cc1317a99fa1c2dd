import type { ReactNode } from 'react'
import { View } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import Layout from '.'
import { useIsMobile } from '../../shared/hooks/use-viewport'
import { BareBar } from '../ui/detail'
import '../ui/ui.scss'

/**
 * Pages outside the frame (route-table 'bare': /orgProject, /project): the Layout without header or
 * footer, our own strip with the way home, and the same mobile/desktop classes as framed pages.
 */
export default function BarePage({ path, titleKey, title, ownTitle, missing, children }: { path: string; titleKey: string; title: string; ownTitle?: string; missing?: boolean; children?: ReactNode }) {
  const mobile = useIsMobile()
  const { t } = useTranslation()
  if (missing) {
    // a missing item: the title and the strip say "not found", not the page kind
    titleKey = 'notFound.pageTitle'
    ownTitle = undefined
    title = t('notFound.pageTitle')
  }
  return (
    <Layout path={path} titleKey={titleKey} title={ownTitle || undefined} bare className={mobile ? 'hj-page--mobile' : 'hj-page--desktop'}>
      <BareBar title={title} />
      <View className='hj-c-barebody'>{children}</View>
    </Layout>
  )
}
