import ComingSoon from '../../components/coming-soon'

/** /roadshowDetail — lands with its own issue; until then a bilingual "coming soon" inside the frame. */
export default function Page() {
  return <ComingSoon path='/roadshowDetail' titleKey='page.roadshowDetail' />
}
