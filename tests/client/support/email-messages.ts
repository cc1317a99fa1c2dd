import { act, fireEvent, screen } from '@testing-library/react'
import { typeInto } from './fields'
import { setLang } from '../../../src/shared/i18n'

/** The subscription e-mail messages (spec section 5) a form shows: empty, malformed, then in Chinese. */
export function expectEmailMessages(ids: { input: string; submit: string; error: string }): void {
  const error = () => screen.getByTestId(ids.error).textContent
  fireEvent.click(screen.getByTestId(ids.submit))
  expect(error()).toBe('Please fill in your usual email')
  typeInto(ids.input, 'nope@')
  fireEvent.click(screen.getByTestId(ids.submit))
  expect(error()).toBe('Incorrect email format')
  act(() => setLang('zh'))
  expect(error()).toBe('邮箱格式不正确')
}
