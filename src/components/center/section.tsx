import { type ReactNode } from 'react'
import { View, Text } from '@tarojs/components'
import { Img } from '../ui/media'
import './center.scss'

/** A titled card of the centre; `extra` sits at the right of the title; `anchor`: its id, for Taro.pageScrollTo. */
export default function CenterSection({ title, testid, anchor, extra, children }: { title: string; testid: string; anchor?: string; extra?: ReactNode; children?: ReactNode }) {
  return (
    <View className='hj-ct-sec' id={anchor} data-testid={testid}>
      <View className='hj-ct-sec__head'>
        <Text className='hj-ct-sec__title'>{title}</Text>
        {extra}
      </View>
      {children}
    </View>
  )
}

/**
 * A small avatar: the image, or the first letter of the name on a tinted disc.
 * Ours, not AtAvatar: its picture takes no alt text (H5 alt / mini-program aria-label: the person's name)
 * and no `mode` (a non-square upload is stretched).
 */
export function Avatar({ src, name, size = 'md', testid }: { src: string | null | undefined; name: string; size?: 'sm' | 'md' | 'lg'; testid?: string }) {
  return src ? (
    <View className={`hj-ct-avatar hj-ct-avatar--${size}`} data-testid={testid}>
      <Img className='hj-ct-avatar__img' src={src} alt={name} mode='aspectFill' />
    </View>
  ) : (
    <View className={`hj-ct-avatar hj-ct-avatar--${size} hj-ct-avatar--empty`} data-testid={testid}>
      <Text>{(name || '海').slice(0, 1)}</Text>
    </View>
  )
}
