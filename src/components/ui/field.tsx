/**
 * A labelled one-line input on taro-ui's AtInput. Its title is AtInput's `Label`, bound to the input by
 * `for` / `id` (AtInput uses `name` as both the input's id and the label's `for`), so tapping or clicking
 * the label focuses the input and a screen reader names the input by it. The id is the test id plus
 * React's useId: H5 keeps earlier pages mounted, and a label binds to the FIRST element with its id.
 * AtInput passes no data-* through: the test id sits on our wrapper, the input is inside it.
 */
import { useId, type ReactNode } from 'react'
import { View } from '@tarojs/components'
import AtInput from 'taro-ui/lib/components/input'
import './at/input.scss'
import './form.scss'

export interface FieldProps {
  label: string
  value: string
  onChange(v: string): void
  testId: string
  password?: boolean
  /** 'digit': a number with a decimal point (the mini-program's keyboard) */
  type?: 'text' | 'number' | 'digit'
  placeholder?: string
  maxlength?: number
  /** taro-ui's red star before the label */
  required?: boolean
  /** the place's class on the wrapper (its layout) */
  className?: string
  /** something right of the input, level with it (send-code button, captcha picture); ours, not AtInput's
   * children, whose taro-ui rules restyle every div, span and img inside them */
  suffix?: ReactNode
}

/** A stable id for a field's input, unique on the page (see above); also valid as a mini-program id. */
function useFieldId(testId: string): string {
  return `${testId}-${useId().replace(/[^\w-]/g, '')}`
}

export default function Field({ label, value, onChange, testId, password, type = 'text', placeholder, maxlength, required, className, suffix }: FieldProps) {
  const id = useFieldId(testId)
  return (
    <View className={`hj-field${suffix ? ' has-suffix' : ''}${className ? ` ${className}` : ''}`} data-testid={testId}>
      <AtInput
        name={id}
        title={label}
        type={password ? 'password' : type}
        value={value}
        placeholder={placeholder ?? label}
        // AtInput reads `maxLength || maxlength` and defaults both to 140: `maxlength` alone is ignored
        maxLength={maxlength ?? 100}
        required={required}
        border={false}
        customStyle={{}}
        onChange={(v: string | number) => onChange(String(v))}
      />
      {suffix ? <View className='hj-field__suffix'>{suffix}</View> : null}
    </View>
  )
}
