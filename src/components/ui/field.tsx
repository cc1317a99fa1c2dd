import { View, Text, Input } from '@tarojs/components'

export interface FieldProps {
  label: string
  value: string
  onChange(v: string): void
  testId: string
  password?: boolean
  type?: 'text' | 'number'
  placeholder?: string
  maxlength?: number
  /** something to the right of the input (send-code button) */
  suffix?: React.ReactNode
}

/**
 * Labelled input. The data-testid sits on the Taro Input itself: in H5 (useHtmlComponents) that is
 * the native <input> element, so e2e can fill it directly.
 */
export default function Field({ label, value, onChange, testId, password, type = 'text', placeholder, maxlength, suffix }: FieldProps) {
  return (
    <View className='hj-field'>
      <Text className='hj-field__label'>{label}</Text>
      <View className='hj-field__row'>
        <Input
          className='hj-field__input'
          type={type}
          password={password}
          value={value}
          placeholder={placeholder ?? label}
          maxlength={maxlength ?? 100}
          onInput={(e) => onChange(e.detail.value)}
          data-testid={testId}
        />
        {suffix}
      </View>
    </View>
  )
}
