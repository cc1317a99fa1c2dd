/** @jest-environment jsdom */
import React, { useState } from 'react'
import { fireEvent, render, screen } from '@testing-library/react'
// antd's icons ship as ES modules jest does not transform (as in the other admin tests)
jest.mock('@ant-design/icons', () => new Proxy({}, { get: (_t, name) => (name === '__esModule' ? false : () => null) }))
import { PlainField, PlainInput, checkRules, type PlainRule } from '../components/plain-form'
import { PlainCard, Statistic } from '../components/plain'

const EMAIL: PlainRule[] = [
  { required: true, message: 'required' },
  { pattern: /^\S+@\S+\.\S+$/, message: 'invalid' },
]

describe('plain form (login page fields drawn as antd markup)', () => {
  test('an empty value breaks only the required rule, as with antd', () => {
    expect(checkRules('', EMAIL)).toBe('required')
    expect(checkRules('', [{ min: 6, message: 'short' }])).toBeNull()
    expect(checkRules('a@b', EMAIL)).toBe('invalid')
    expect(checkRules('a@b.cn', EMAIL)).toBeNull()
    expect(checkRules('12345', [{ required: true, message: 'r' }, { min: 6, message: 'short' }])).toBe('short')
  })

  test('a field shows its error under the control with antd classes, and the password eye switches the type', () => {
    function Harness() {
      const [v, setV] = useState('')
      return (
        <PlainField label="Password" htmlFor="pw" error={checkRules(v, [{ min: 6, message: 'too short' }])}>
          <PlainInput id="pw" password value={v} onChange={setV} data-testid="pw" />
        </PlainField>
      )
    }
    const { container } = render(<Harness />)
    const input = screen.getByTestId('pw') as HTMLInputElement
    expect(input.type).toBe('password')
    fireEvent.change(input, { target: { value: '123' } })
    expect(container.querySelector('.ant-form-item-explain-error')?.textContent).toBe('too short')
    expect(container.querySelector('.ant-form-item')?.className).toContain('ant-form-item-has-error')
    fireEvent.click(container.querySelector('.ant-input-password-icon')!)
    expect(input.type).toBe('text')
    fireEvent.change(input, { target: { value: '123456' } })
    expect(container.querySelector('.ant-form-item-explain-error')).toBeNull()
  })

  test('card and statistic draw antd markup; whole numbers grouped by thousands', () => {
    const onClick = jest.fn()
    const { container } = render(
      <PlainCard title="Today" size="small" hoverable onClick={onClick} data-testid="card">
        <Statistic title="New" value={1234567} />
      </PlainCard>,
    )
    const card = screen.getByTestId('card')
    expect(card.className).toBe('ant-card ant-card-bordered ant-card-hoverable ant-card-small')
    expect(container.querySelector('.ant-card-head-title')?.textContent).toBe('Today')
    expect(container.querySelector('.ant-statistic-content-value-int')?.textContent).toBe('1,234,567')
    fireEvent.click(card)
    expect(onClick).toHaveBeenCalled()
  })
})
