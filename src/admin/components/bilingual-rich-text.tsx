/**
 * The Chinese and the English rich text of one field, one editor under the other, inside an antd <Form>:
 * `<BilingualRichText names={['detailZh', 'detailEn']} labels={[zh, en]} testId="act-pub-detail" />`
 * (editor test ids `<testId>-zh` and `<testId>-en`).
 */
import React from 'react'
import { Form } from 'antd'
import { RichTextEditor } from './rich-text-editor'

export function BilingualRichText({ names, labels, testId }: { names: [string, string]; labels: [string, string]; testId: string }) {
  return (
    <>
      <Form.Item name={names[0]} label={labels[0]}>
        <RichTextEditor data-testid={`${testId}-zh`} />
      </Form.Item>
      <Form.Item name={names[1]} label={labels[1]}>
        <RichTextEditor data-testid={`${testId}-en`} />
      </Form.Item>
    </>
  )
}
