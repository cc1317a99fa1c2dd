/**
 * Rich-text field for antd forms: `<Form.Item name="contentZh"><RichTextEditor /></Form.Item>`; value is
 * HTML. The server sanitizes whatever it receives (server/src/lib/rich-text.ts).
 * PLACEHOLDER (issue 5 scaffolding): the CMS helper replaces the body with a real editor; keep the props.
 */
import React from 'react'
import { Input } from 'antd'

export interface RichTextEditorProps {
  value?: string
  onChange?: (html: string) => void
  placeholder?: string
  disabled?: boolean
  'data-testid'?: string
}

export function RichTextEditor({ value, onChange, placeholder, disabled, ...rest }: RichTextEditorProps) {
  return <Input.TextArea rows={8} value={value ?? ''} placeholder={placeholder} disabled={disabled} onChange={(e) => onChange?.(e.target.value)} data-testid={rest['data-testid']} />
}
