/**
 * antd's Form.Item and Input as the markup they draw, for the login page (the first page of a visit).
 * antd runs in zero-runtime mode (prebuilt antd.css, keyed by class names), so the same markup looks the
 * same; antd's Form and Input would cost the first load ~50 KB gzip (the form store, async-validator,
 * rc-input) for three fields. The register and forgot-password pages keep antd's Form.
 *
 * A field's error is kept as the failing rule's text key and translated when drawn, so a language switch
 * changes the error shown under a field too.
 */
import React, { useContext, useState, type CSSProperties, type InputHTMLAttributes, type ReactNode } from 'react'
import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons'
import { ConfigProvider } from 'antd'

const cx = (...names: Array<string | false | undefined | null>) => names.filter(Boolean).join(' ')

/** a rule as antd's Form.Item takes it: required, a pattern, a minimal length; `message` is a text key */
export type PlainRule = { required: true; message: string } | { pattern: RegExp; message: string } | { min: number; message: string }

/** the first rule the value breaks (an empty value breaks only `required`, as in antd), or null */
export function checkRules(value: string, rules: PlainRule[]): string | null {
  for (const rule of rules) {
    if ('required' in rule) {
      if (!value) return rule.message
    } else if (!value) {
      continue
    } else if ('pattern' in rule) {
      if (!rule.pattern.test(value)) return rule.message
    } else if (value.length < rule.min) return rule.message
  }
  return null
}

/** antd Form.Item (vertical layout, required mark hidden) around one control, its error beneath */
export function PlainField({ label, htmlFor, error, style, children }: { label?: ReactNode; htmlFor?: string; error?: ReactNode; style?: CSSProperties; children?: ReactNode }) {
  return (
    <div className={cx('ant-form-item', 'ant-form-css-var', 'ant-form-item-vertical', !!error && 'ant-form-item-with-help ant-form-item-has-error')} style={style}>
      <div className="ant-row ant-form-item-row">
        {label ? (
          <div className="ant-col ant-form-item-label">
            <label htmlFor={htmlFor} className="ant-form-item-required ant-form-item-required-mark-hidden" title={typeof label === 'string' ? label : undefined}>
              {label}
            </label>
          </div>
        ) : null}
        <div className="ant-col ant-form-item-control">
          <div className="ant-form-item-control-input">
            <div className="ant-form-item-control-input-content">{children}</div>
          </div>
          {error ? (
            <div className="ant-form-item-additional">
              <div className="ant-form-item-explain ant-form-item-explain-connected" role="alert">
                <div className="ant-form-item-explain-error">{error}</div>
              </div>
            </div>
          ) : null}
        </div>
      </div>
    </div>
  )
}

export interface PlainInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix' | 'onChange' | 'size'> {
  value: string
  onChange(value: string): void
  prefix?: ReactNode
  /** a password field with antd's show/hide eye */
  password?: boolean
  error?: boolean
  /** extra classes of the outer element (antd's Space.Compact item classes) */
  wrapperClassName?: string
  'data-testid'?: string
}

/** antd Input (size large, outlined, with a prefix icon; Input.Password when `password`) */
export function PlainInput({ value, onChange, prefix, password, error, wrapperClassName, ...input }: PlainInputProps) {
  const [visible, setVisible] = useState(false)
  const [focused, setFocused] = useState(false)
  // antd's texts of the language in use (core/admin-root.tsx), for the eye's label as antd's Password says it
  const locale = useContext(ConfigProvider.ConfigContext).locale?.global
  return (
    <span
      className={cx(
        'ant-input-affix-wrapper ant-input-affix-wrapper-lg ant-input-outlined ant-input-css-var',
        password && 'ant-input-password',
        focused && 'ant-input-affix-wrapper-focused',
        error && 'ant-input-status-error ant-input-affix-wrapper-status-error',
        wrapperClassName,
      )}
    >
      {prefix ? <span className="ant-input-prefix">{prefix}</span> : null}
      <input
        {...input}
        className="ant-input ant-input-lg"
        type={password && !visible ? 'password' : 'text'}
        value={value}
        aria-invalid={error || undefined}
        onChange={(e) => onChange(e.target.value)}
        onFocus={(e) => {
          setFocused(true)
          input.onFocus?.(e)
        }}
        onBlur={(e) => {
          setFocused(false)
          input.onBlur?.(e)
        }}
      />
      {password ? (
        <span className="ant-input-suffix">
          <span
            role="button"
            tabIndex={0}
            className="ant-input-password-icon"
            aria-pressed={visible}
            aria-label={visible ? locale?.hide : locale?.show}
            // keeps the focus (and the caret) in the field, as antd's eye does
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => setVisible((v) => !v)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' || e.key === ' ') {
                e.preventDefault()
                setVisible((v) => !v)
              }
            }}
          >
            {visible ? <EyeOutlined /> : <EyeInvisibleOutlined />}
          </span>
        </span>
      ) : null}
    </span>
  )
}
