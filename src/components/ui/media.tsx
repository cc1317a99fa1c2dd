/** Pictures with a fallback: a cover (the title's first characters when missing), an organisation logo, tags. */
import type { ComponentProps } from 'react'
import { View, Text, Image } from '@tarojs/components'
import { assetUrl, localizedPicture } from '../../shared/api/asset-url'
import { useLang } from '../../shared/hooks/use-lang'
import { previewImage } from '../../shared/platform/image-preview'
import { Tag } from './tag'
import './ui.scss'

type ImageProps = ComponentProps<typeof Image>

/**
 * The one way consumer code shows a picture: the server's paths become loadable in the mini-program
 * (assetUrl), and every picture says what it shows — `alt` is required; pass '' for decoration, which
 * hides it from screen readers (alt on H5's <img>, aria-label in the mini-program).
 */
export function Img({
  src,
  alt,
  className,
  mode,
  lazyLoad,
  priority,
  size,
  testid,
  onLoad,
  onClick,
  longPressMenu,
}: {
  src: string | null | undefined
  alt: string
  className?: string
  mode?: ImageProps['mode']
  lazyLoad?: boolean
  /** the page's largest picture (the home banner): fetched first, never lazily (H5) */
  priority?: boolean
  /** intrinsic size in px (H5 width/height attributes): the browser reserves the box before the file arrives */
  size?: { width: number; height: number }
  testid?: string
  onLoad?: () => void
  onClick?: () => void
  /** mini-program: a long press opens WeChat's menu (save, send, recognise a QR code) */
  longPressMenu?: boolean
}) {
  const lang = useLang()
  return (
    <Image
      className={className}
      src={assetUrl(localizedPicture(src, lang))}
      mode={mode}
      lazyLoad={lazyLoad && !priority}
      {...(longPressMenu ? { showMenuByLongpress: true } : {})}
      // H5: alt on the <img> itself; mini-program: its image's aria-label (empty = decoration)
      {...(process.env.TARO_ENV === 'h5'
        ? { imgProps: { alt, ...size, ...(priority ? { loading: 'eager', fetchpriority: 'high', decoding: 'async' } : {}) } }
        : { ariaLabel: alt || undefined })}
      data-testid={testid}
      onLoad={onLoad}
      onClick={onClick}
    />
  )
}

/**
 * A QR code to scan or keep: tapped, it opens full screen (mini-program: WeChat's preview with save and
 * "recognise QR code"; H5: a new tab); a long press on it opens the same menu in the mini-program.
 */
export function QrImg({ src, alt, className, testid }: { src: string; alt: string; className?: string; testid?: string }) {
  return <Img className={className} src={src} alt={alt} mode='aspectFit' testid={testid} longPressMenu onClick={() => previewImage(assetUrl(src))} />
}

export function Cover({ src, title, className }: { src: string | null | undefined; title: string; className?: string }) {
  return src ? (
    <Img className={`hj-c-cover ${className || ''}`} src={src} alt={title} mode='aspectFill' lazyLoad />
  ) : (
    <View className={`hj-c-cover hj-c-cover--empty ${className || ''}`}>
      <Text>{(title || '海交').slice(0, 2)}</Text>
    </View>
  )
}

/**
 * An organisation's logo, whole (object-fit: contain) in a 3 : 2 box on a light background: wide logos
 * keep a readable height instead of shrinking into a square.
 */
export function Logo({ src, name, className }: { src: string | null | undefined; name: string; className?: string }) {
  return src ? (
    <View className={`hj-c-logo hj-logo ${className || ''}`}>
      <Img className='hj-logo__img' src={src} alt={name} mode='aspectFit' />
    </View>
  ) : (
    <View className={`hj-c-logo hj-c-logo--empty ${className || ''}`}>
      <Text>{(name || '海').slice(0, 1)}</Text>
    </View>
  )
}

export function Tags({ tags }: { tags: string[] | null | undefined }) {
  if (!tags || !tags.length) return null
  return (
    <View className='hj-c-tags'>
      {tags.map((tag) => (
        <Tag key={tag}>{tag}</Tag>
      ))}
    </View>
  )
}
