/**
 * A form on taro-ui's AtForm: on H5 a plain <form> around the fields and the submit (./taro-form-elements.h5.tsx),
 * in the mini-program its <form>. Our submit buttons stay taps (`onClick`): a `formType='submit'` button
 * would submit only the mini-program's form. On H5, Enter in a form with a single text box is a native
 * submit, which would reload the page: it is cancelled and runs `onSubmit`, as the submit button does.
 */
import type { ReactNode } from 'react'
import AtForm from 'taro-ui/lib/components/form'
import './at/form.scss'
import './form.scss'

/** AtForm hands `onSubmit` its `arguments`: the event is the first. */
type SubmitArgs = ArrayLike<{ preventDefault?(): void } | undefined> | undefined

/** `stack`: lay the fields out in a column with the gap of the card the form sits in (form.scss). */
export default function Form({ className, stack, onSubmit, children }: { className?: string; stack?: boolean; onSubmit(): void; children: ReactNode }) {
  return (
    <AtForm
      className={`hj-form${stack ? ' hj-form--stack' : ''}${className ? ` ${className}` : ''}`}
      customStyle={{}}
      onSubmit={(args: SubmitArgs) => {
        args?.[0]?.preventDefault?.()
        onSubmit()
      }}
    >
      {children}
    </AtForm>
  )
}
