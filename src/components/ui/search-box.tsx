/**
 * The keyword box of the header and the mobile search bar: taro-ui's AtSearchBar (its box, search icon,
 * placeholder, clear; Enter submits; focus and blur reach the caller, e.g. the hot-search dropdown), and
 * our own submit button beside it — AtSearchBar's action button drops data-* (the tests press
 * `<testid>-btn`) and hides until the box has focus, where ours is always there to press.
 */
import { View } from '@tarojs/components'
import AtSearchBar from 'taro-ui/lib/components/search-bar'
import { useInputName } from './use-input-name'
import './at/search-bar.scss'
import './search-box.scss'

export interface SearchBoxProps {
  value: string
  onInput(value: string): void
  /** Enter in the box or the button, with the box's value */
  onSubmit(value: string): void
  placeholder: string
  /** the button's text */
  label: string
  /** on our wrapper of the box (the input is inside it); the button gets `<testid>-btn` */
  testid: string
  className?: string
  onFocus?(): void
  onBlur?(): void
}

export default function SearchBox({ value, onInput, onSubmit, placeholder, label, testid, className, onFocus, onBlur }: SearchBoxProps) {
  // AtSearchBar draws its placeholder as a text beside the <input>, which has no name of its own: give it one
  const box = useInputName(placeholder)
  // the button is for pointers; from the keyboard, Enter in the box submits
  return (
    <View className={`hj-sbox${className ? ` ${className}` : ''}`} role='search'>
      <View className='hj-sbox__field' data-testid={testid} ref={box}>
        <AtSearchBar
          value={value}
          placeholder={placeholder}
          actionName={label}
          onChange={(v: string) => onInput(v)}
          onConfirm={(e: { detail?: { value?: string } }) => onSubmit(String(e?.detail?.value ?? value))}
          onFocus={onFocus}
          onBlur={onBlur}
        />
      </View>
      <View className='hj-sbox__btn' data-testid={`${testid}-btn`} onClick={() => onSubmit(value)}>
        {label}
      </View>
    </View>
  )
}
