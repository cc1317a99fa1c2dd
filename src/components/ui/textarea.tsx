/**
 * A labelled multi-line field on taro-ui's AtTextarea (with its character counter). AtTextarea passes no
 * id, name or data-* through, so its label cannot point at it with `for`: the label (a Taro `Label`)
 * wraps the title and the box, which binds them too (H5: the textarea is the <label>'s first control;
 * mini-program: a label without `for` binds the first control inside). The test id is on our wrapper.
 */
import { View, Text } from '@tarojs/components'
import { Label } from './taro-form-elements'
import AtTextarea from 'taro-ui/lib/components/textarea'
import './at/textarea.scss'
import './form.scss'

export interface TextAreaProps {
  label: string
  value: string
  onChange(v: string): void
  testId: string
  maxlength: number
  placeholder?: string
  required?: boolean
  className?: string
}

/** AtTextarea reads `event.detail.value`; a plain DOM input event (jsdom, some H5 paths) carries only `target.value`. */
export function textareaValue(v: unknown, e?: { target?: unknown }): string {
  if (typeof v === 'string') return v
  return (e?.target as { value?: string } | null)?.value ?? ''
}

export default function TextArea({ label, value, onChange, testId, maxlength, placeholder, required, className }: TextAreaProps) {
  return (
    <View className={`hj-field hj-field--multi${className ? ` ${className}` : ''}`} data-testid={testId}>
      <Label className='hj-field__wrap'>
        <Text className={`hj-field__title${required ? ' is-required' : ''}`}>{label}</Text>
        <AtTextarea
          value={value}
          maxLength={maxlength}
          placeholder={placeholder ?? ''}
          customStyle={{}}
          onChange={(v: unknown, e?: { target?: unknown }) => onChange(textareaValue(v, e))}
        />
      </Label>
    </View>
  )
}
