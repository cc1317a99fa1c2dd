import ComingSoon from '../../components/coming-soon'

/** /unsubscribe — lands with its own issue; until then a bilingual "coming soon" inside the frame. */
export default function Page() {
  return <ComingSoon path='/unsubscribe' titleKey='page.unsubscribe' />
}
