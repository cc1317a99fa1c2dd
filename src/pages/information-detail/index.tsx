import ComingSoon from '../../components/coming-soon'

/** /informationDetail — lands with its own issue; until then a bilingual "coming soon" inside the frame. */
export default function Page() {
  return <ComingSoon path='/informationDetail' titleKey='page.informationDetail' />
}
