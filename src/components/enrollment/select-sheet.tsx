/**
 * H5's single-choice list for a dropdown answer: a bottom sheet (taro-ui's AtFloatLayout) listing every
 * option as a row to tap, under a bar with the field's label and Cancel. Taro's H5 Picker is a 7-row
 * wheel with three blank rows above the first option: a short list opened a blank band under its
 * buttons and faded its last option into the screen's edge. The mini-program keeps WeChat's own picker.
 * Test ids: enroll-sheet-<key>, enroll-sheet-option-<key>-<value>, enroll-sheet-cancel-<key>.
 */
import { View, Text } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import AtFloatLayout from 'taro-ui/lib/components/float-layout'
import { pressable, pressKeys } from '../ui/pressable'
import '../ui/at/float-layout.scss'
import './select-sheet.scss'

export interface SheetOption {
  value: string
  label: string
}

export default function SelectSheet({ fieldKey, title, options, value, onPick, onClose }: { fieldKey: string; title: string; options: SheetOption[]; value: string | null; onPick(v: string): void; onClose(): void }) {
  const { t } = useTranslation()
  return (
    <View className='hj-esheet' data-testid={`enroll-sheet-${fieldKey}`}>
      <AtFloatLayout isOpened onClose={onClose} className='hj-esheet__sheet'>
        <View className='hj-esheet__head'>
          <Text className='hj-esheet__cancel' data-testid={`enroll-sheet-cancel-${fieldKey}`} {...pressable()} onClick={onClose}>
            {t('common.cancel')}
          </Text>
          <Text className='hj-esheet__title'>{title}</Text>
          <Text className='hj-esheet__cancel hj-esheet__cancel--ghost' aria-hidden='true'>
            {t('common.cancel')}
          </Text>
        </View>
        <View className='hj-esheet__list' role='listbox' aria-label={title}>
          {options.map((o) => (
            <View
              key={o.value}
              className={`hj-esheet__opt${o.value === value ? ' is-on' : ''}`}
              role='option'
              aria-selected={o.value === value}
              data-testid={`enroll-sheet-option-${fieldKey}-${o.value}`}
              {...({ tabIndex: 0 } as object)}
              {...pressKeys(() => onPick(o.value))}
              onClick={() => onPick(o.value)}
            >
              <Text>{o.label}</Text>
              {o.value === value && <Text className='hj-esheet__tick'>✓</Text>}
            </View>
          ))}
        </View>
      </AtFloatLayout>
    </View>
  )
}
