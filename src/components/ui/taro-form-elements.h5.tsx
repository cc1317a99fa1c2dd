/**
 * H5: Taro's Label and Form as a plain <label> and <form>. Taro's own are Stencil web components, and
 * the first one a page renders loads the Stencil runtime plus the one module that holds every web
 * component the app uses (video, rich text, switch, textarea): ~30 KB gzip more on the login page.
 * Same props as Taro's (`for` on the label; className, style, onSubmit / onReset on the form), so
 * taro-ui's AtInput and AtForm render these on H5 too (config/index.ts points their
 * '@tarojs/components' at ./taro-components.h5.ts). Not kept: Taro's `formType` buttons (a
 * `tarobuttonsubmit` event on touchend) do not submit this form; our submit buttons are taps.
 */
import type { CSSProperties, FormEvent, ReactNode } from 'react'

/** taro-ui hands over `customStyle`, which may be a string: React DOM takes objects only */
const styleOf = (style: unknown): CSSProperties | undefined => (style && typeof style === 'object' ? (style as CSSProperties) : undefined)

export function Label(props: { for?: string; className?: string; style?: unknown; id?: string; children?: ReactNode }) {
  return (
    <label htmlFor={props.for || undefined} className={props.className} style={styleOf(props.style)} id={props.id}>
      {props.children}
    </label>
  )
}

export function Form(props: { className?: string; style?: unknown; onSubmit?(e: FormEvent): void; onReset?(e: FormEvent): void; children?: ReactNode }) {
  return (
    <form className={props.className} style={styleOf(props.style)} onSubmit={props.onSubmit} onReset={props.onReset}>
      {props.children}
    </form>
  )
}
