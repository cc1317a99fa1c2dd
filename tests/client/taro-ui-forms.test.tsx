/**
 * The form primitives on taro-ui: what our wrappers add to AtInput (ui/field), AtTextarea (ui/textarea),
 * AtForm (ui/form) and AtButton (ui/code-button) — the test id on our wrapper around exactly one box, the
 * title bound to the input as its label, the length limit actually passed, plain strings to the caller,
 * Enter's native submit turned into ours, the code button's tap only while enabled — and that the taro-ui
 * markup is there.
 */
import { render, screen, fireEvent, createEvent } from '@testing-library/react'
import Field from '../../src/components/ui/field'
import TextArea from '../../src/components/ui/textarea'
import Form from '../../src/components/ui/form'
import CodeButton from '../../src/components/ui/code-button'
import { fieldBox, typeInto } from './support/fields'

describe('Field (AtInput)', () => {
  test('the test id is on our wrapper around AtInput; its title is a label bound to the input by for/id', () => {
    render(<Field label='E-mail' value='' onChange={jest.fn()} testId='f-email' />)
    const host = screen.getByTestId('f-email')
    expect(host.querySelector('.at-input')).toBeTruthy()
    const input = fieldBox('f-email')
    expect(input.tagName).toBe('INPUT')
    const title = host.querySelector('.at-input__title') as HTMLElement
    expect(title.textContent).toBe('E-mail')
    // AtInput's Label is a plain <label for> on H5 (ui/taro-form-elements.h5): it names the input
    expect(title.tagName).toBe('LABEL')
    expect(input.id).toMatch(/^f-email-/)
    expect(title.getAttribute('for')).toBe(input.id)
    expect(screen.getByLabelText('E-mail')).toBe(input)
    expect(input.getAttribute('placeholder')).toBe('E-mail')
  })

  test('the same field twice (H5 keeps earlier pages mounted) gets two ids: each label names its own input', () => {
    render(
      <>
        <Field label='A' value='' onChange={jest.fn()} testId='same' />
        <Field label='A' value='' onChange={jest.fn()} testId='same' />
      </>,
    )
    const [a, b] = screen.getAllByTestId('same').map((h) => h.querySelector('input') as HTMLInputElement)
    expect(a.id).not.toBe(b.id)
    expect(document.querySelectorAll(`[for="${a.id}"]`)).toHaveLength(1)
    expect(document.querySelectorAll(`[for="${b.id}"]`)).toHaveLength(1)
  })

  test('typing hands the caller the string; the length limit and the password type reach the input', () => {
    const onChange = jest.fn()
    render(<Field label='Code' value='' onChange={onChange} testId='f-code' maxlength={6} password />)
    typeInto('f-code', '123456')
    expect(onChange).toHaveBeenCalledWith('123456')
    expect(onChange.mock.calls[0]).toHaveLength(1)
    // AtInput prefers `maxLength` (default 140) over `maxlength`: ours must arrive
    expect(fieldBox('f-code').getAttribute('maxlength')).toBe('6')
    expect(fieldBox('f-code').getAttribute('type')).toBe('password')
  })

  test('without a limit the field keeps 100; a required field has taro-ui\'s star class; the suffix sits beside the box', () => {
    render(<Field label='Nick' value='x' onChange={jest.fn()} testId='f-nick' required suffix={<span data-testid='f-suffix'>send</span>} />)
    expect(fieldBox('f-nick').getAttribute('maxlength')).toBe('100')
    expect(fieldBox('f-nick').value).toBe('x')
    const host = screen.getByTestId('f-nick')
    expect(host.querySelector('.at-input__title')?.className).toContain('at-input__title--required')
    expect(host.className).toContain('has-suffix')
    // ours, not AtInput's children (whose taro-ui rules restyle every div and img inside them)
    expect(host.querySelector('.at-input__children')?.contains(screen.getByTestId('f-suffix'))).toBe(false)
    expect(screen.getByTestId('f-suffix').parentElement?.className).toBe('hj-field__suffix')
  })
})

describe('TextArea (AtTextarea)', () => {
  test('our label wraps the title and AtTextarea (it has no id to point at); the counter shows the limit', () => {
    render(<TextArea label='Question' value='abc' onChange={jest.fn()} testId='t-desc' maxlength={1000} required />)
    const host = screen.getByTestId('t-desc')
    const label = host.querySelector('label') as HTMLElement
    expect(label.querySelector('.hj-field__title')?.textContent).toBe('Question')
    expect(label.querySelector('.hj-field__title')?.className).toContain('is-required')
    expect(label.contains(fieldBox('t-desc'))).toBe(true)
    expect(host.querySelector('.at-textarea__counter')?.textContent).toBe('3/1000')
  })

  test('the caller gets the text from Taro\'s input event (detail.value) and from a plain DOM one (target.value)', () => {
    const onChange = jest.fn()
    render(<TextArea label='Q' value='' onChange={onChange} testId='t-q' maxlength={10} />)
    const box = fieldBox('t-q')
    fireEvent(box, new CustomEvent('input', { detail: { value: 'from taro' } }))
    expect(onChange).toHaveBeenLastCalledWith('from taro')
    typeInto('t-q', 'from the dom')
    expect(onChange).toHaveBeenLastCalledWith('from the dom')
  })
})

describe('Form (AtForm)', () => {
  test('a native submit (Enter in a one-box form on H5) is cancelled and runs onSubmit', () => {
    const onSubmit = jest.fn()
    render(
      <Form onSubmit={onSubmit}>
        <Field label='Nick' value='' onChange={jest.fn()} testId='form-nick' />
      </Form>,
    )
    const form = screen.getByTestId('form-nick').closest('.at-form') as HTMLElement
    expect(form.tagName).toBe('FORM')
    expect(form.className).toContain('hj-form')
    const submit = createEvent.submit(form, { cancelable: true })
    fireEvent(form, submit)
    expect(onSubmit).toHaveBeenCalledTimes(1)
    expect(submit.defaultPrevented).toBe(true)
  })
})

describe('CodeButton (AtButton)', () => {
  test('the test id and the tap are on our wrapper around AtButton; a tap while disabled does nothing', () => {
    const onClick = jest.fn()
    const { rerender } = render(
      <CodeButton testId='c-send' disabled={false} onClick={onClick}>
        Send code
      </CodeButton>,
    )
    const host = screen.getByTestId('c-send')
    expect(host.textContent).toBe('Send code')
    expect(host.querySelector('.at-button.at-button--secondary')).toBeTruthy()
    // the tap on the button inside bubbles to the wrapper: one call, not two
    fireEvent.click(host.querySelector('.at-button__text')!)
    fireEvent.click(host)
    expect(onClick).toHaveBeenCalledTimes(2)

    rerender(
      <CodeButton testId='c-send' disabled onClick={onClick}>
        Resend in 59s
      </CodeButton>,
    )
    expect(host.className).toContain('is-disabled')
    expect(host.querySelector('.at-button--disabled')).toBeTruthy()
    fireEvent.click(host)
    fireEvent.click(host.querySelector('.at-button__text')!)
    expect(onClick).toHaveBeenCalledTimes(2)
  })
})
