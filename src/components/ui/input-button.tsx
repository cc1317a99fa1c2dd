import { View, Input } from '@tarojs/components'

export interface InputButtonProps {
  value: string
  onInput(value: string): void
  /** Enter in the box (with the box's value) or the button (with `value`) */
  onSubmit(value: string): void
  placeholder?: string
  label: string
  testid: string
  /** default `<testid>-btn` */
  buttonTestid?: string
  /** the caller's styles for the box and the button */
  inputClass: string
  buttonClass: string
  confirmType?: 'search'
  type?: 'text'
  onFocus?(): void
  onBlur?(): void
}

/** A text box and its button (the search boxes, the footer's subscription box); the caller wraps and styles them. */
export default function InputButton({ value, onInput, onSubmit, placeholder, label, testid, buttonTestid, inputClass, buttonClass, confirmType, type, onFocus, onBlur }: InputButtonProps) {
  return (
    <>
      <Input
        className={inputClass}
        value={value}
        type={type}
        placeholder={placeholder}
        confirmType={confirmType}
        onInput={(e) => onInput(e.detail.value)}
        onConfirm={(e) => onSubmit(String(e.detail.value ?? value))}
        onFocus={onFocus}
        onBlur={onBlur}
        data-testid={testid}
      />
      <View className={buttonClass} data-testid={buttonTestid ?? `${testid}-btn`} onClick={() => onSubmit(value)}>
        {label}
      </View>
    </>
  )
}
