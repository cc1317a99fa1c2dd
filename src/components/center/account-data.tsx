/**
 * "Account and data" in the personal centre's settings: the way to download a copy of one's data
 * (/center/data) and to delete the account (/center/deletion), as two rows that open their pages.
 */
import { View, Text } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import { go } from '../../shared/router/navigate'
import { pressable, pressKeys } from '../ui/pressable'
import CenterSection from './section'
import './center.scss'
import './privacy.scss'

export default function AccountData() {
  const { t } = useTranslation()
  const rows = [
    { key: 'data', label: t('center.toData'), path: '/center/data', danger: false },
    { key: 'deletion', label: t('center.toDeletion'), path: '/center/deletion', danger: true },
  ]
  return (
    <CenterSection title={t('center.accountData')} testid='center-account-data'>
      <Text className='hj-ct-row__meta'>{t('center.accountDataNote')}</Text>
      {rows.map((r) => (
        <View
          key={r.key}
          className={`hj-ct-set hj-pv-entry${r.danger ? ' hj-pv-entry--danger' : ''}`}
          {...pressable()}
          {...pressKeys(() => void go(r.path))}
          data-testid={`center-to-${r.key}`}
          onClick={() => void go(r.path)}
        >
          <Text>{r.label}</Text>
          <Text className='hj-pv-entry__arrow' aria-hidden>
            ›
          </Text>
        </View>
      ))}
    </CenterSection>
  )
}
