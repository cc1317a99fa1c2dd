/** Step "application form": the form builder and a live preview of what enrollees will fill in. */
import React from 'react'
import { Col, Form, Row } from 'antd'
import type { EnrollFormField } from '@contracts/enrollment'
import { FormBuilder, FormPreview } from './form-builder'

export function FormStep() {
  const enrollForm: EnrollFormField[] = Form.useWatch('enrollForm') ?? []
  return (
    <Row gutter={24}>
      <Col span={14}>
        <Form.Item name="enrollForm" noStyle>
          <FormBuilder />
        </Form.Item>
      </Col>
      <Col span={10}>
        <FormPreview fields={enrollForm} />
      </Col>
    </Row>
  )
}
