import ComingSoon from '../../components/coming-soon'

/** /activity — lands with its own issue; until then a bilingual "coming soon" inside the frame. */
export default function Page() {
  return <ComingSoon path='/activity' titleKey='router.activity.index' />
}
