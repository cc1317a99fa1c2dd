/**
 * Image field for antd forms: `<Form.Item name="posterUrl"><ImageUpload kind="image" hint="16:9" /></Form.Item>`.
 * value = stored file URL (or null). kind picks the spec's limit (image 4 MB; avatar, logo, videoCover 400 KB).
 * PLACEHOLDER (issue 5 scaffolding): the CMS helper replaces the body with a real uploader; keep the props.
 */
import React from 'react'
import { Input } from 'antd'
import type { UploadKind } from '../../shared/contracts/api'

export interface ImageUploadProps {
  value?: string | null
  onChange?: (url: string | null) => void
  kind?: Exclude<UploadKind, 'chat'>
  /** shown under the picker, e.g. the ratio ("16:9, 1920×1080") */
  hint?: string
  disabled?: boolean
  'data-testid'?: string
}

export function ImageUpload({ value, onChange, disabled, ...rest }: ImageUploadProps) {
  return <Input value={value ?? ''} disabled={disabled} onChange={(e) => onChange?.(e.target.value || null)} data-testid={rest['data-testid']} />
}
