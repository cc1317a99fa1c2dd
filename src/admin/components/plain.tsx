/**
 * antd's Card, Typography and Statistic as the markup they draw, for the pages a first visit loads (the
 * login, register and forgot pages, the shell's header, the home view). antd runs in zero-runtime mode: its
 * look is the prebuilt antd.css, keyed by these class names alone, so the same markup looks the same. The
 * components themselves cost the first load ~40 KB gzip (Card brings Tabs and Skeleton with it, Typography
 * its copy/edit/ellipsis machinery), none of which these pages use. Views loaded later keep using antd's.
 */
import React, { type CSSProperties, type MouseEventHandler, type ReactNode } from 'react'

const cx = (...names: Array<string | false | undefined | null>) => names.filter(Boolean).join(' ')

export interface PlainCardProps {
  title?: ReactNode
  size?: 'small'
  hoverable?: boolean
  /** antd's `variant="borderless"` */
  borderless?: boolean
  className?: string
  style?: CSSProperties
  onClick?: MouseEventHandler<HTMLDivElement>
  'data-testid'?: string
  children?: ReactNode
}

/** antd Card without tabs, cover, actions, extra or loading */
export function PlainCard({ title, size, hoverable, borderless, className, style, onClick, children, ...rest }: PlainCardProps) {
  return (
    <div
      className={cx('ant-card', !borderless && 'ant-card-bordered', hoverable && 'ant-card-hoverable', size === 'small' && 'ant-card-small', className)}
      style={style}
      onClick={onClick}
      data-testid={rest['data-testid']}
    >
      {title ? (
        <div className="ant-card-head">
          <div className="ant-card-head-wrapper">
            <div className="ant-card-head-title">{title}</div>
          </div>
        </div>
      ) : null}
      <div className="ant-card-body">{children}</div>
    </div>
  )
}

type TextType = 'secondary'
const typo = (type: TextType | undefined, className?: string) => cx('ant-typography', type && `ant-typography-${type}`, className)

/** antd Typography.Text (type, strong) */
export function Text({ type, strong, className, children }: { type?: TextType; strong?: boolean; className?: string; children?: ReactNode }) {
  return <span className={typo(type, className)}>{strong ? <strong>{children}</strong> : children}</span>
}

/** antd Typography.Title of level 3 */
export function Title3({ style, children }: { style?: CSSProperties; children?: ReactNode }) {
  return (
    <h3 className="ant-typography" style={style}>
      {children}
    </h3>
  )
}

/** antd Typography.Paragraph (type) */
export function Paragraph({ type, style, children }: { type?: TextType; style?: CSSProperties; children?: ReactNode }) {
  return (
    <div className={typo(type)} style={style}>
      {children}
    </div>
  )
}

/** antd Statistic of a whole number, grouped by thousands as antd groups it (`1,234`) */
export function Statistic({ title, value }: { title: ReactNode; value: number }) {
  const int = String(Math.trunc(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return (
    <div className="ant-statistic">
      <div className="ant-statistic-header">
        <div className="ant-statistic-title">{title}</div>
      </div>
      <div className="ant-statistic-content">
        <span className="ant-statistic-content-value">
          <span className="ant-statistic-content-value-int">{int}</span>
        </span>
      </div>
    </div>
  )
}
